import { z } from "zod";

// The admin's order calls (spec 001 §4, §5, §7, §9): the Cycle History table's query and the bulk
// status update shared by Cycle History and the kitchen view.

export const CYCLE_ID_REQUIRED = "Cycle ID is required";
export const STATUS_UPDATE_INCOMPLETE =
  "Status update requires a chosen status and at least one selected order";
export const MAX_STATUS_UPDATE_ORDERS = 500;
export const CYCLE_ORDERS_PAGE_SIZE = 10;
export const MAX_CYCLE_ORDERS_PAGE_SIZE = 100;

export const ADMIN_SETTABLE_STATUSES = ["completed", "pending", "cancelled"] as const;
export const ORDER_STATUSES = ["pending", "completed", "cancelled", "refunded"] as const;

const positiveInt = (message: string, max = 2_147_483_647) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((n) => n <= max, message);

/** The client sends a filter only when it is not "all"; an explicit "all" or "" means none too. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "all" || value === "" ? undefined : value), schema.optional());

export const cycleOrdersQuerySchema = z.object({
  // First, so that a missing cycle is the message the screen shows.
  cycleId: z.preprocess(
    (value) => (value === "" || value === "all" ? undefined : value),
    z
      .string({ error: CYCLE_ID_REQUIRED })
      .trim()
      .regex(/^[1-9]\d{0,9}$/, "Cycle ID must be a positive whole number")
      .transform(Number)
      .refine((n) => n <= 2_147_483_647, "Cycle ID must be a positive whole number"),
  ),
  page: optionalFilter(positiveInt("Page must be a positive whole number", 1_000_000)).default(1),
  pageSize: optionalFilter(
    positiveInt(
      `Page size must be between 1 and ${MAX_CYCLE_ORDERS_PAGE_SIZE}`,
      MAX_CYCLE_ORDERS_PAGE_SIZE,
    ),
  ).default(CYCLE_ORDERS_PAGE_SIZE),
  weekNumber: optionalFilter(positiveInt("Week must be between 1 and 6", 6)),
  dayOfWeek: optionalFilter(positiveInt("Day must be between 1 (Monday) and 5 (Friday)", 5)),
  status: optionalFilter(
    z.enum(ORDER_STATUSES, { error: "Status must be pending, completed, cancelled or refunded" }),
  ),
  menuItemId: optionalFilter(positiveInt("Menu item must be a positive whole number")),
});
export type CycleOrdersQuery = z.output<typeof cycleOrdersQuerySchema>;

export const orderStatusUpdateSchema = z.object({
  orderIds: z
    .array(
      z
        .number({ error: "Order ids must be positive whole numbers" })
        .int("Order ids must be positive whole numbers")
        .positive("Order ids must be positive whole numbers")
        .max(2_147_483_647, "Order ids must be positive whole numbers"),
      { error: STATUS_UPDATE_INCOMPLETE },
    )
    .min(1, STATUS_UPDATE_INCOMPLETE)
    .max(MAX_STATUS_UPDATE_ORDERS, `At most ${MAX_STATUS_UPDATE_ORDERS} orders at a time`),
  status: z.enum(ADMIN_SETTABLE_STATUSES, { error: STATUS_UPDATE_INCOMPLETE }),
});
export type OrderStatusUpdate = z.output<typeof orderStatusUpdateSchema>;
