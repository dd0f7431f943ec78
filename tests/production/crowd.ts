// Parents of a crowd on production instances (tests/production/two-instances*.test.ts): each
// registers with a child in grade 3 (the primary menu) on the instance given, and pays a cart of
// the demo menu's plain primary meals by card in the sandbox.
import { randomBytes } from "node:crypto";
import { expect } from "@jest/globals";
import { HttpClient, type RunningServer } from "@/tests/production/server";

export type CrowdParent = {
  client: HttpClient;
  username: string;
  userId: number;
  studentId: number;
};

type MenuItem = {
  id: number;
  price: string;
  discountPrice: string | null;
  isAvailable: boolean;
  type: string;
  categories: string[];
  sideDishes: string[];
};

export async function registeredParent(i: number, server: RunningServer): Promise<CrowdParent> {
  const client = new HttpClient(server.url);
  const username = `crowd${i}x${randomBytes(2).toString("hex")}`;
  const reg = await client.call<{ id: number }>("POST", "/api/register", {
    username,
    password: "crowd-pass-1",
    name: `Crowd Parent ${i}`,
    email: `${username}@example.com`,
  });
  expect(reg.status).toBe(200);
  const student = await client.call<{ id: number }>("POST", "/api/students", {
    name: `Child ${i}`,
    grade: "3", // a primary-menu grade
  });
  expect(student.status).toBe(200);
  return { client, username, userId: reg.body.id, studentId: student.body.id };
}

/** Two plain primary meals of the menu (no discount), and what both cost together in kwacha. */
export async function twoMeals(parent: CrowdParent) {
  const menu = await parent.client.call<MenuItem[]>("GET", "/api/menu");
  const items = menu.body
    .filter((m) => m.isAvailable && !m.discountPrice && m.type === "primary")
    .slice(0, 2);
  expect(items).toHaveLength(2);
  const ngwee = (price: string) => Math.round(Number(price) * 100);
  const amount = items.reduce((sum, m) => sum + ngwee(m.price), 0) / 100;
  return { items, amount };
}

/** The cart of those meals for the parent's child: weeks 2 and 3 on the given weekday. */
export function cartOf(parent: CrowdParent, items: MenuItem[], dayOfWeek: number) {
  return items.map((item, k) => ({
    menuItemId: item.id,
    studentId: parent.studentId,
    weekNumber: 2 + k,
    dayOfWeek,
    category: item.categories[0],
    sideDish: item.sideDishes[0],
  }));
}
