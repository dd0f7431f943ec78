"use client";

import { CalendarDays, History, ShoppingCart, Users } from "lucide-react";
import { useState } from "react";
import { PortalHeader } from "@/components/account/portal-header";
import { StudentSelector } from "@/components/parent/student-selector";
import { useChosenStudent } from "@/components/parent/use-chosen-student";
import type { ContactView } from "@/components/portal/contact-dialog";
import { FloatingCartButton } from "@/components/portal/floating-cart-button";
import { HeaderExtras } from "@/components/portal/header-extras";
import { LazyStudentsTab } from "@/components/parent/lazy-parent";
import {
  LazyCartView,
  LazyContactDialogs,
  LazyEmailNeededNotice,
  LazyTermsDialog,
} from "@/components/portal/lazy-portal";
import { lazyStartCardPayment } from "@/components/parent/lazy-checkout";
import { LazyOrderHistory } from "@/components/portal/lazy-offline";
import { OfflineSupport } from "@/components/portal/offline-support";
import { EmptyBlock, ErrorBlock, LoadingBlock } from "@/components/portal/load-state";
import { MenuCalendar } from "@/components/portal/menu-calendar";
import { PortalFooter } from "@/components/portal/portal-footer";
import { PortalTabsList, PortalTabsTrigger } from "@/components/portal/portal-tabs";
import { useCart } from "@/components/portal/use-cart";
import { useSwitchToCart } from "@/components/portal/use-switch-to-cart";
import { useStudents } from "@/components/portal/use-portal-queries";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent } from "@/components/ui/tabs";
import type { SessionUser } from "@/lib/auth/session";

type Tab = "menu" | "cart" | "students" | "history";
const TABS: readonly Tab[] = ["menu", "cart", "students", "history"];

// The parent's home (spec 000 §2): Menu Calendar, Cart, Students and Order History as tabs in
// local state (the address never changes).
export function ParentDashboard({
  user,
  timeZone,
}: {
  user: SessionUser;
  /** The school's time zone (its School.timeZone, from the page), for days, dates and the cut-off. */
  timeZone: string;
}) {
  const [tab, setTab] = useState<Tab>("menu");
  const [studentId, setStudentId] = useChosenStudent();
  const [contact, setContact] = useState<ContactView>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const students = useStudents();
  const cart = useCart();
  useSwitchToCart(() => setTab("cart"));

  const list = students.data ?? [];
  const selected = list.find((s) => s.id === studentId) ?? list[0] ?? null;
  const onMenu = tab === "menu";

  return (
    <div className="flex min-h-dvh flex-col">
      <PortalHeader
        user={user}
        title="Parent Dashboard"
        extra={<HeaderExtras onContact={() => setContact("choose")} />}
        onContact={() => setContact("choose")}
      />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <OfflineSupport />
        {!user.email && <LazyEmailNeededNotice user={user} />}
        <Tabs
          value={tab}
          onValueChange={(v) => TABS.includes(v as Tab) && setTab(v as Tab)}
          className="gap-6"
        >
          <PortalTabsList aria-label="Parent dashboard" columns={4}>
            <PortalTabsTrigger value="menu" icon={CalendarDays}>
              Menu Calendar
            </PortalTabsTrigger>
            <PortalTabsTrigger value="cart" icon={ShoppingCart}>
              Cart
            </PortalTabsTrigger>
            <PortalTabsTrigger value="students" icon={Users}>
              Students
            </PortalTabsTrigger>
            <PortalTabsTrigger value="history" icon={History}>
              Order History
            </PortalTabsTrigger>
          </PortalTabsList>
          {/* Room under the last day for the floating cart button and the student selector. */}
          <TabsContent value="menu" className="min-h-dvh pb-44">
            <MenuCalendar
              student={selected}
              timeZone={timeZone}
              noStudent={
                students.isPending ? (
                  <LoadingBlock label="Loading students" />
                ) : students.isError ? (
                  <ErrorBlock
                    message="Failed to load students. Please try again."
                    onRetry={() => void students.refetch()}
                  />
                ) : (
                  <EmptyBlock>
                    <p className="mb-4">Add a student to start ordering meals.</p>
                    <Button onClick={() => setTab("students")}>Go to Students</Button>
                  </EmptyBlock>
                )
              }
            />
          </TabsContent>
          <TabsContent value="cart" className="min-h-dvh">
            <LazyCartView
              user={user}
              timeZone={timeZone}
              onCheckout={lazyStartCardPayment}
              onOrdered={() => setTab("history")}
              onBrowse={() => setTab("menu")}
            />
          </TabsContent>
          <TabsContent value="students" className="min-h-dvh">
            <LazyStudentsTab user={user} timeZone={timeZone} />
          </TabsContent>
          <TabsContent value="history" className="min-h-dvh">
            <LazyOrderHistory timeZone={timeZone} phone={user.phone} />
          </TabsContent>
        </Tabs>
      </main>
      {onMenu && selected && list.length > 1 && (
        <StudentSelector students={list} value={selected.id} onChange={setStudentId} />
      )}
      {onMenu && <FloatingCartButton count={cart.length} onClick={() => setTab("cart")} />}
      <PortalFooter onShowTerms={() => setTermsOpen(true)} />
      {termsOpen && <LazyTermsDialog open onOpenChange={setTermsOpen} />}
      {contact !== null && (
        <LazyContactDialogs user={user} view={contact} onViewChange={setContact} />
      )}
    </div>
  );
}
