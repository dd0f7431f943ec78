// The Cart as the page measurements open it (`npm run lighthouse`, `npm run long-tasks`): one line
// in the browser's stored cart, and a script that opens the Cart tab as soon as the dashboard
// listens for the spec's switch-to-cart event.

import { makeCartItem } from "../lib/client/cart";
import type { CartItem, MenuItemDto } from "../lib/contracts";

/** One line for the parent's first student: an item of their menu on a day of the last week. */
export async function cartLine(base: string, cookie: string): Promise<CartItem[]> {
  const get = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${base}${p}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
    return (await res.json()) as T;
  };
  const students = await get<{ id: number; name: string; grade: string }[]>("/api/students");
  const menu = await get<MenuItemDto[]>("/api/menu");
  const cycles = await get<{ isActive: boolean; cycleLength: number }[]>("/api/order-cycles");
  const student = students[0];
  const cycle = cycles.find((c) => c.isActive);
  if (!student || !cycle) throw new Error("the demo parent has no student or no active cycle");
  const type = Number(student.grade) >= 6 ? "secondary" : "primary";
  const week = cycle.cycleLength;
  const item = menu.find(
    (m) => m.type === type && m.isAvailable && !m.isArchived && m.weekNumbers.includes(week),
  );
  const day = item?.daysOfWeek[0];
  if (!item || day === undefined) throw new Error(`no ${type} item in week ${week}`);
  return [makeCartItem(item, student, week, day, { category: "", sideDish: "", comments: "" })];
}

// Runs in the page before its own scripts: once the dashboard listens (its Cart tab exists),
// dispatch the spec's switch-to-cart event until the Cart tab is the selected one.
export const OPEN_CART = `(() => {
  const timer = setInterval(() => {
    const tabs = [...document.querySelectorAll('[role="tab"]')];
    const cart = tabs.find((t) => t.textContent.trim() === "Cart");
    if (!cart) return;
    if (cart.getAttribute("aria-selected") === "true") return clearInterval(timer);
    window.dispatchEvent(new Event("switch-to-cart"));
  }, 20);
})();`;
