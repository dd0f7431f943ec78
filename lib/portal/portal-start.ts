import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type {
  CutoffTimeDto,
  MenuItemDto,
  MyDiscountCodeDto,
  OrderCycleDto,
  OrderDto,
  StudentDto,
} from "@/lib/contracts";
import { listCycles } from "@/lib/cycles/cycles";
import { findActiveDiscountCode } from "@/lib/discounts/discounts";
import { menuForUser } from "@/lib/portal/ordering-menu";
import type {
  AllergenSettingsDto,
  BankTransferSettingDto,
  MobileMoneySettingsDto,
  PaymentBypassSettingsDto,
} from "@/lib/contracts/settings";
import type { SchoolContext } from "@/lib/contracts/schools";
import { listOrdersForUser } from "@/lib/orders/my-orders";
import { getAllergenSettings } from "@/lib/settings/allergens";
import {
  getBankTransferSetting,
  getCutoffTime,
  getMobileMoneySettings,
  getPaymentBypassSettings,
} from "@/lib/settings/settings";
import { listStudents } from "@/lib/students/students";

// What the parent dashboard and the teacher portal read before they can show the Menu Calendar
// (spec 000 §9: students, menu, cycles, cut-off, orders; and the header's discount code). The page
// loads it with the request, so the calendar is in the first HTML instead of appearing after six
// round trips over a phone's network (issue 8). Each part comes from the function its GET handler
// calls, so the client holds exactly what the API would have answered. The Cart's payment settings
// come too (decision 0122): read from the settings cache, they cost the page next to nothing and
// spare the Cart three round trips and three redraws when it opens.

export type PortalStart = {
  students: readonly StudentDto[];
  menu: readonly MenuItemDto[];
  cycles: readonly OrderCycleDto[];
  cutoffTime: CutoffTimeDto;
  /** The allergens the child's form offers: the built-ins and the school's own (issue 44). */
  allergens: AllergenSettingsDto;
  orders: readonly OrderDto[];
  /** null when the caller has no active code (the API answers 404). */
  myDiscountCode: MyDiscountCodeDto | null;
  /** What the Cart offers besides the card: paying later, by transfer, by mobile money. */
  paymentBypass: PaymentBypassSettingsDto;
  bankTransfer: BankTransferSettingDto;
  mobileMoney: MobileMoneySettingsDto;
  /** When these were read (ms): the clock the server renders the screens with. */
  readAt: number;
};

export async function loadPortalStart(
  school: SchoolContext,
  user: SessionUser,
): Promise<PortalStart> {
  const readAt = Date.now();
  const [students, menu, cycles, cutoffTime, allergens, orders, myDiscountCode, payments] =
    await Promise.all([
      listStudents(school, user),
      menuForUser(school, user),
      listCycles(school),
      getCutoffTime(school),
      getAllergenSettings(school),
      listOrdersForUser(school, user),
      findActiveDiscountCode(school, user.id),
      cartPaymentSettings(school),
    ]);
  return {
    students,
    menu,
    cycles,
    cutoffTime,
    allergens,
    orders,
    myDiscountCode,
    ...payments,
    readAt,
  };
}

/** The Cart's ways to pay besides the card, as their GET handlers answer them. */
async function cartPaymentSettings(school: SchoolContext) {
  const [paymentBypass, bankTransfer, mobileMoney] = await Promise.all([
    getPaymentBypassSettings(school),
    getBankTransferSetting(school),
    getMobileMoneySettings(school),
  ]);
  return { paymentBypass, bankTransfer, mobileMoney };
}
