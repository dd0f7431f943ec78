"use client";

import type { ComponentType } from "react";
import { OrderCyclesSection } from "@/components/admin/cycles/order-cycles-section";
import { CycleHistorySection } from "@/components/admin/history/cycle-history-section";
import { KitchenSection } from "@/components/admin/kitchen/kitchen-section";
import { MenuManagementSection } from "@/components/admin/menu/menu-management-section";
import type { Feature } from "@/lib/auth/permissions";

/** The console's sections that have their screens; the others come with the people-and-money work. */
export const SECTION_SCREENS: Partial<Record<Feature, ComponentType>> = {
  menu: MenuManagementSection,
  kitchen: KitchenSection,
  cycles: OrderCyclesSection,
  history: CycleHistorySection,
};
