import { z } from "zod";
import { route } from "@/lib/api/handler";
import { turnOffOrderReminders } from "@/lib/reminders/order-reminders";
import { isUnsubscribeToken } from "@/lib/reminders/unsubscribe-token";

const querySchema = z.object({
  u: z.string().max(12).default(""),
  t: z.string().max(100).default(""),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(shopName: string, status: number, title: string, text: string): Response {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    `</head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;` +
    `padding:0 1rem"><h1 style="font-size:1.25rem">${title}</h1><p>${text}</p>` +
    `<p><a href="/">Go to the ${escapeHtml(shopName)} portal</a></p></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8" } });
}

// GET /api/reminders/unsubscribe?u=&t= — the signed one-click link in every order reminder: turns
// that account's reminders off (no sign-in needed; the signature is the proof).
export const GET = route({ access: "public", query: querySchema }, async ({ school, query }) => {
  const userId = /^[1-9]\d{0,9}$/.test(query.u) ? Number(query.u) : null;
  if (userId === null || !isUnsubscribeToken(school.id, userId, query.t)) {
    return page(
      school.name,
      400,
      "This link is not valid",
      "Turn order reminders off in Profile Settings instead.",
    );
  }
  await turnOffOrderReminders(school, userId);
  return page(
    school.name,
    200,
    "Order reminders are off",
    "You will get no more order reminders. You can turn them on again in Profile Settings.",
  );
});
