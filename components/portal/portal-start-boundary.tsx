import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { RenderedAt } from "@/components/portal/use-now";
import type { SessionUser } from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import { queryKeys } from "@/lib/client/query-keys";
import { loadPortalStart } from "@/lib/portal/portal-start";

// Server component: puts the parent's or teacher's first reads (lib/portal/portal-start.ts) into
// the client's query cache under the keys the screens read them by, and the time they were read
// into the screens' clock, so the server renders the whole Menu Calendar and hydration finds the
// same page (no loading state, no second render, no request for what the page already holds).
export async function PortalStartBoundary({
  school,
  user,
  children,
}: {
  school: SchoolContext;
  user: SessionUser;
  children: ReactNode;
}) {
  const start = await loadPortalStart(school, user);
  const client = new QueryClient();
  client.setQueryData(queryKeys.students, start.students);
  client.setQueryData(queryKeys.menu, start.menu);
  client.setQueryData(queryKeys.orderCycles, start.cycles);
  client.setQueryData(queryKeys.cutoffTime, start.cutoffTime);
  client.setQueryData(queryKeys.allergens, start.allergens);
  client.setQueryData(queryKeys.orders, start.orders);
  client.setQueryData(queryKeys.myDiscountCode, start.myDiscountCode);
  client.setQueryData(queryKeys.paymentBypass, start.paymentBypass);
  client.setQueryData(queryKeys.bankTransfer, start.bankTransfer);
  client.setQueryData(queryKeys.mobileMoney, start.mobileMoney);
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <RenderedAt time={start.readAt}>{children}</RenderedAt>
    </HydrationBoundary>
  );
}
