"use client";

import { CalendarDays, History } from "lucide-react";
import { useState } from "react";
import { PortalHeader } from "@/components/account/portal-header";
import type { ContactView } from "@/components/portal/contact-dialog";
import { FloatingCartButton } from "@/components/portal/floating-cart-button";
import { HeaderExtras } from "@/components/portal/header-extras";
import {
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
import { useStudents } from "@/components/portal/use-portal-queries";
import { useShownOnce } from "@/components/portal/use-shown-once";
import { useSwitchToCart } from "@/components/portal/use-switch-to-cart";
import {
  LazyCartSheet,
  LazyStaffCareDialog,
  loadCartSheet,
} from "@/components/teacher/lazy-teacher";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent } from "@/components/ui/tabs";
import type { SessionUser } from "@/lib/auth/session";
import { STAFF_GRADE } from "@/lib/contracts";

type Tab = "menu" | "history";

// The teacher's home (spec 000 §2): Menu Calendar (secondary menu, for the teacher's staff record
// under the teacher's name, issue 44, where the spec used the username) and Order History. The cart is the same localStorage cart, opened from the
// floating cart button in a side sheet, with the same Place Order flow.
export function TeacherPortal({
  user,
  timeZone,
}: {
  user: SessionUser;
  /** The school's time zone (its School.timeZone, from the page), for days, dates and the cut-off. */
  timeZone: string;
}) {
  const [tab, setTab] = useState<Tab>("menu");
  const [cartOpen, setCartOpen] = useState(false);
  // The sheet (and the cart in it) is fetched when the cart is first opened.
  const cartSheetUsed = useShownOnce(cartOpen);
  const [contact, setContact] = useState<ContactView>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const [careOpen, setCareOpen] = useState(false);
  const students = useStudents();
  const cart = useCart();
  useSwitchToCart(() => setCartOpen(true));

  const staff = students.data?.find((s) => s.isStaff || s.grade === STAFF_GRADE);
  // The teacher's own name (issue 44: the username read as a login, not a person).
  const teacherName = user.name.trim() || user.username;
  const student = staff
    ? { id: staff.id, name: teacherName, grade: staff.grade, allergies: staff.allergies }
    : null;

  return (
    <div className="flex min-h-dvh flex-col">
      <PortalHeader
        user={user}
        title="Teacher Portal"
        extra={<HeaderExtras onContact={() => setContact("choose")} />}
        onContact={() => setContact("choose")}
      />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <OfflineSupport prefetch={loadCartSheet} />
        {!user.email && <LazyEmailNeededNotice user={user} />}
        <Tabs
          value={tab}
          onValueChange={(v) => setTab(v === "history" ? "history" : "menu")}
          className="gap-6"
        >
          <PortalTabsList aria-label="Teacher portal" columns={2}>
            <PortalTabsTrigger value="menu" icon={CalendarDays}>
              Menu Calendar
            </PortalTabsTrigger>
            <PortalTabsTrigger value="history" icon={History}>
              Order History
            </PortalTabsTrigger>
          </PortalTabsList>
          <TabsContent value="menu" className="min-h-dvh pb-24">
            {staff && (
              <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
                <span className="min-w-0 text-muted-foreground">
                  Allergies: {staff.allergies.length > 0 ? staff.allergies.join(", ") : "none"}
                </span>
                <Button variant="outline" size="sm" onClick={() => setCareOpen(true)}>
                  Edit allergies
                </Button>
              </div>
            )}
            <MenuCalendar
              student={student}
              menuType="secondary"
              timeZone={timeZone}
              noStudent={
                students.isPending ? (
                  <LoadingBlock label="Loading your account" />
                ) : students.isError ? (
                  <ErrorBlock
                    message="Failed to load students. Please try again."
                    onRetry={() => void students.refetch()}
                  />
                ) : (
                  <EmptyBlock>
                    Your staff account is not set up yet. Please contact the school office.
                  </EmptyBlock>
                )
              }
            />
          </TabsContent>
          <TabsContent value="history" className="min-h-dvh">
            {/* The calendar and cart name the teacher by name: so does history. */}
            <LazyOrderHistory timeZone={timeZone} ordererName={teacherName} phone={user.phone} />
          </TabsContent>
        </Tabs>
      </main>
      {tab === "menu" && (
        <FloatingCartButton count={cart.length} onClick={() => setCartOpen(true)} />
      )}
      {cartSheetUsed && (
        <LazyCartSheet
          open={cartOpen}
          onOpenChange={setCartOpen}
          user={user}
          timeZone={timeZone}
          onCheckout={lazyStartCardPayment}
          onOrdered={() => {
            setCartOpen(false);
            setTab("history");
          }}
          onBrowse={() => setCartOpen(false)}
        />
      )}
      <PortalFooter onShowTerms={() => setTermsOpen(true)} />
      {termsOpen && <LazyTermsDialog open onOpenChange={setTermsOpen} />}
      {staff && careOpen && <LazyStaffCareDialog staff={staff} open onOpenChange={setCareOpen} />}
      {contact !== null && (
        <LazyContactDialogs user={user} view={contact} onViewChange={setContact} />
      )}
    </div>
  );
}
