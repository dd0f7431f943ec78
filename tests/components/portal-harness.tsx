// Shared setup of the parent and teacher portal tests: `fetch` answered per "METHOD /path" (the
// only thing mocked, at the network edge), the app's providers, and fixtures built on the real
// calendar so the days are in the future whatever day the tests run.
import { afterEach, beforeEach, jest } from "@jest/globals";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { toast } from "sonner";
import { SchoolBrandProvider, type SchoolBrand } from "@/components/school-brand";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { SessionUser } from "@/lib/auth/session";
import type { CartItem, MenuItemDto, OrderCycleDto, OrderDto, StudentDto } from "@/lib/contracts";
import { formatNgwee } from "@/lib/money";
import { addDaysIso, DEFAULT_TIMEZONE, mondayOf, schoolToday } from "@/lib/school-calendar";

export const TZ = DEFAULT_TIMEZONE;

/** The default school as the root layout hands it to the client: its name and clock. */
export const DEFAULT_BRAND: SchoolBrand = { name: "School Tuckshop", timeZone: TZ };

// Every test starts with an empty cart and no toasts: sonner keeps its toasts in a module-level
// store and replays the ones not dismissed to each new <Toaster>.
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  toast.dismiss();
  window.localStorage.clear();
});

type Answer = { status?: number; body?: unknown };
/**
 * A route's answer: a function of the request body, `{ status, body }`, or the body itself
 * (answered with 200).
 */
export type Routes = Record<string, unknown>;

export type FetchCall = { method: string; path: string; body: unknown };

/** Replaces global.fetch: routes keyed "GET /api/menu"; anything else is a 404. */
export function mockFetch(routes: Routes): FetchCall[] {
  const calls: FetchCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? "GET";
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    let answer: Answer;
    if (route === undefined) answer = { status: 404, body: { message: "Not found" } };
    else if (typeof route === "function")
      answer = asAnswer((route as (b: unknown) => unknown)(body));
    else answer = asAnswer(route);
    const status = answer.status ?? 200;
    // jsdom has no Response: the fields lib/client/api.ts reads are enough.
    const text = answer.body === undefined ? "" : JSON.stringify(answer.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: status >= 500 ? "Internal Server Error" : "",
      text: async () => text,
    } as Response;
  });
  return calls;
}

function asAnswer(value: unknown): Answer {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (typeof record.status === "number" || "body" in record) return record;
  }
  return { body: value };
}

/**
 * Renders with the app's providers (components/providers.tsx defaults, the default school's name
 * and clock unless `school` names another) and the toaster.
 */
export function renderPortal(
  ui: ReactElement,
  { address = "/", school = DEFAULT_BRAND }: { address?: string; school?: SchoolBrand } = {},
) {
  // The console keeps its section, filters and page in the address: each test starts on "/",
  // or on the address it names.
  window.history.replaceState(null, "", address);
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return render(
    <SchoolBrandProvider brand={school}>
      <QueryClientProvider client={client}>
        <TooltipProvider>
          {ui}
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </SchoolBrandProvider>,
  );
}

export const parentUser: SessionUser = {
  id: 7,
  username: "mary.banda",
  name: "Mary Banda",
  email: "mary@example.com",
  phone: null,
  role: "parent",
  allowedFeatures: [],
  emailVerified: true,
  pendingEmail: null,
  orderReminders: true,
};

export const teacherUser: SessionUser = {
  ...parentUser,
  id: 9,
  username: "mr.phiri",
  role: "teacher",
};

/** A cycle starting next Monday: every day of week 1 and 2 is open today. */
export function futureCycle(overrides: Partial<OrderCycleDto> = {}): OrderCycleDto {
  const start = addDaysIso(mondayOf(schoolToday(TZ)), 7);
  return {
    id: 3,
    startDate: start,
    endDate: addDaysIso(start, 25),
    cycleLength: 4,
    isActive: true,
    blockedDays: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    orderingOpensAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function student(overrides: Partial<StudentDto> = {}): StudentDto {
  return {
    id: 11,
    name: "Chipo",
    grade: "3",
    parentId: parentUser.id,
    parent_id: parentUser.id,
    isStaff: false,
    allergies: [],
    dietaryNotes: null,
    className: null,
    ...overrides,
  };
}

export function menuItem(overrides: Partial<MenuItemDto> = {}): MenuItemDto {
  return {
    id: 101,
    name: "Nshima with Beef Stew",
    description: "Served with vegetables",
    price: "50.00",
    discountPrice: null,
    imageUrl: null,
    type: "primary",
    categories: [],
    proteinDescriptions: {},
    weekNumbers: [1, 2, 3, 4],
    daysOfWeek: [1, 2, 3, 4, 5],
    allergens: [],
    sideDishes: [],
    isAvailable: true,
    isArchived: false,
    dailyCap: null,
    ...overrides,
  };
}

export function order(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 501,
    orderDate: new Date().toISOString(),
    weekNumber: 1,
    dayOfWeek: 1,
    cycleId: 3,
    studentId: 11,
    student: { name: "Chipo", grade: "3", allergies: [], dietaryNotes: null },
    menuItemId: 101,
    menuItem: { name: "Nshima with Beef Stew" },
    category: null,
    sideDish: null,
    comments: null,
    originalPrice: "50.00",
    discountedPrice: "50.00",
    discountPercentage: 0,
    allergyAcknowledged: false,
    status: "pending",
    paymentStatus: "confirmed",
    ...overrides,
  };
}

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    menuItemId: 101,
    menuItem: {
      id: 101,
      name: "Nshima with Beef Stew",
      type: "primary",
      price: "50.00",
      discountPrice: null,
    },
    weekNumber: 1,
    dayOfWeek: 1,
    studentId: 11,
    student: { id: 11, name: "Chipo", grade: "3" },
    category: "",
    sideDish: "",
    comments: "",
    acknowledgedAllergens: [],
    ...overrides,
  };
}

/** The settings every portal screen reads, with nothing special in them. */
export function baseRoutes(extra: Routes = {}): Routes {
  return {
    "GET /api/menu": [menuItem()],
    "GET /api/order-cycles": [futureCycle()],
    "GET /api/settings/cutoff-time": { cutoffHour: 8, cutoffMinute: 0 },
    "GET /api/settings/payment-bypass": { enabled: false },
    "GET /api/settings/bank-transfer": { enabled: true },
    "GET /api/settings/mobile-money": {
      enabled: false,
      operators: { airtel: false, mtn: false },
      waitSeconds: 180,
    },
    "GET /api/settings/communication": { supportEmail: "", whatsappNumber: "" },
    "GET /api/discounts/my-discount-code": { status: 404, body: { message: "No discount code" } },
    "GET /api/students": [student()],
    "GET /api/orders?includeAll=true": [],
    "GET /api/account/credit": { balance: "0.00", held: "0.00", entries: [] },
    "POST /api/menu-items/validate": (body: unknown) => ({
      valid: (body as { menuItemIds: number[] }).menuItemIds,
      unavailable: [],
      archived: [],
      missing: [],
    }),
    ...extra,
  };
}

export function storeCart(items: CartItem[]) {
  window.localStorage.setItem("cartItems", JSON.stringify(items));
}

/** A ZMW amount as Testing Library reads it (its normalizer turns the no-break space into " "). */
export function zmw(ngwee: number): string {
  return formatNgwee(ngwee).replace(/\s/g, " ");
}
