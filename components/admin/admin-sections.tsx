"use client";

import type { ComponentType } from "react";
import { AdminUsersSection } from "@/components/admin/admins/admins-section";
import { OrderCyclesSection } from "@/components/admin/cycles/order-cycles-section";
import { CycleHistorySection } from "@/components/admin/history/cycle-history-section";
import { KitchenSection } from "@/components/admin/kitchen/kitchen-section";
import { LiveOrdersSection } from "@/components/admin/live-orders/live-orders-section";
import { MessagesSection } from "@/components/admin/messages/messages-section";
import { MenuManagementSection } from "@/components/admin/menu/menu-management-section";
import { OrderRecoverySection } from "@/components/admin/order-recovery/order-recovery-section";
import { ParentsStudentsSection } from "@/components/admin/parents/parents-section";
import { PendingPaymentsSection } from "@/components/admin/pending-payments/pending-payments-section";
import { RefundManagementSection } from "@/components/admin/refunds/refunds-section";
import { RevenueStatsSection } from "@/components/admin/revenue/revenue-section";
import { SettingsSection } from "@/components/admin/settings/settings-section";
import type { Feature } from "@/lib/contracts/permissions";

/** Every console section's screen, by feature key (spec 001 §2). */
export const SECTION_SCREENS: Record<Feature, ComponentType> = {
  menu: MenuManagementSection,
  kitchen: KitchenSection,
  cycles: OrderCyclesSection,
  history: CycleHistorySection,
  live_orders: LiveOrdersSection,
  revenue: RevenueStatsSection,
  refunds: RefundManagementSection,
  admins: AdminUsersSection,
  parents_students: ParentsStudentsSection,
  settings: SettingsSection,
  order_recovery: OrderRecoverySection,
  pending_payments: PendingPaymentsSection,
  messages: MessagesSection,
  // Issue 47: the counter's screen is built on its own branch; until it lands, a placeholder.
  counter: CounterPlaceholder,
};

function CounterPlaceholder() {
  return <p className="text-sm text-muted-foreground">The counter screen is not built yet.</p>;
}
