"use client";

import { AllergensCard } from "@/components/admin/settings/allergens-card";
import { BankTransferCard } from "@/components/admin/settings/bank-transfer-card";
import { CommunicationTab } from "@/components/admin/settings/communication-tab";
import { DiscountCodesTab } from "@/components/admin/settings/discount-codes-tab";
import { OrderSettingsTab } from "@/components/admin/settings/order-settings-tab";
import { MessagingCard } from "@/components/admin/settings/messaging-card";
import { MobileMoneyCard } from "@/components/admin/settings/mobile-money-card";
import { CounterLimitCard } from "@/components/admin/settings/counter-limit-card";
import { WalletCard } from "@/components/admin/settings/wallet-card";
import { PaymentSettingsTab } from "@/components/admin/settings/payment-settings-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

// Settings (spec 001 §2): four tabs and the school's allergens (issue 44), Discount Codes first and shown by default. Used by the console
// section and by the /settings page alike.
export function SettingsSection() {
  return (
    <Tabs defaultValue="discount-codes" className="gap-4">
      <TabsList className="w-full justify-start sm:w-fit">
        <TabsTrigger value="discount-codes">Discount Codes</TabsTrigger>
        <TabsTrigger value="order">Order Settings</TabsTrigger>
        <TabsTrigger value="payment">Payment Settings</TabsTrigger>
        <TabsTrigger value="communication">Communication</TabsTrigger>
        <TabsTrigger value="allergens">Allergens</TabsTrigger>
      </TabsList>
      <TabsContent value="discount-codes">
        <DiscountCodesTab />
      </TabsContent>
      <TabsContent value="order">
        <OrderSettingsTab />
      </TabsContent>
      <TabsContent value="payment">
        <div className="grid gap-6">
          <MobileMoneyCard />
          <PaymentSettingsTab />
          <BankTransferCard />
          <WalletCard />
          <CounterLimitCard />
        </div>
      </TabsContent>
      <TabsContent value="communication">
        <div className="grid gap-6">
          <CommunicationTab />
          <MessagingCard />
        </div>
      </TabsContent>
      <TabsContent value="allergens">
        <AllergensCard />
      </TabsContent>
    </Tabs>
  );
}
