"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { CounterSettingsDto } from "@/lib/contracts/counter";
import type { WalletSettingsDto } from "@/lib/contracts/wallet";
import type { DiscountCodeInput } from "@/lib/validations/discount-codes";
import type {
  BankTransferSettingInput,
  CommunicationValues,
  CustomAllergensInput,
  ReminderSettingsInput,
  CutoffTimeInput,
  MobileMoneySettingsInput,
  PaymentBypassValues,
} from "@/lib/validations/settings";

// The Settings section's calls (spec 001 §7) with their toasts (§8): failures titled 'Error' in
// the destructive style with the server's message, else the screen's fallback.

export const DISCOUNT_CODES_KEY = ["/api/discount-codes"] as const;

// ---- Discount codes ----

export function useDiscountCodes() {
  const query = useQuery({
    queryKey: DISCOUNT_CODES_KEY,
    queryFn: () => api("/api/discount-codes"),
  });
  useErrorToast(query.error, "Failed to fetch discount codes");
  return query;
}

function useRefetchCodes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: DISCOUNT_CODES_KEY });
}

export function useCreateDiscountCode(onCreated: () => void) {
  const refetch = useRefetchCodes();
  return useMutation({
    mutationFn: (input: DiscountCodeInput) =>
      api("/api/discount-codes", { method: "POST", body: input }),
    onSuccess: () => {
      toastSuccess("Discount code created successfully");
      onCreated();
    },
    onError: (error) => toastError(error, "Failed to create discount code"),
    onSettled: refetch,
  });
}

export function useUpdateDiscountCode() {
  const refetch = useRefetchCodes();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      api(`/api/discount-codes/${id}`, { method: "PUT", body: { isActive } }),
    onSuccess: () => toastSuccess("Discount code updated successfully"),
    onError: (error) => toastError(error, "Failed to update discount code"),
    onSettled: refetch,
  });
}

export function useDeleteDiscountCode() {
  const refetch = useRefetchCodes();
  return useMutation({
    mutationFn: (id: number) => api(`/api/discounts/${id}`, { method: "DELETE" }),
    onSuccess: () => toastSuccess("Discount code deleted successfully"),
    onError: (error) => toastError(error, "Failed to delete discount code"),
    onSettled: refetch,
  });
}

// ---- Order, payment and communication settings ----

/** What each settings call's POST sends. */
type SettingWrites = {
  "/api/settings/cutoff-time": CutoffTimeInput;
  "/api/settings/payment-bypass": PaymentBypassValues;
  "/api/settings/bank-transfer": BankTransferSettingInput;
  "/api/settings/communication": CommunicationValues;
  "/api/settings/mobile-money": MobileMoneySettingsInput;
  "/api/settings/reminders": ReminderSettingsInput;
  "/api/settings/allergens": CustomAllergensInput;
  "/api/settings/wallet": WalletSettingsDto;
  "/api/settings/counter": CounterSettingsDto;
};

/** One settings key: its GET (toast on failure) and its POST (the answer replaces the cache). */
function useSetting<P extends keyof SettingWrites>(
  key: readonly string[],
  path: P,
  texts: { fetchFailed: string; saveFailed: string; saved: string },
) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: () => api(path) });
  useErrorToast(query.error, texts.fetchFailed);
  const save = useMutation({
    mutationFn: (body: SettingWrites[P]) => api(path, { method: "POST", body }),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      toastSuccess(texts.saved);
    },
    onError: (error) => toastError(error, texts.saveFailed),
  });
  return { query, save };
}

export function useCutoffSetting() {
  return useSetting(queryKeys.cutoffTime, "/api/settings/cutoff-time", {
    fetchFailed: "Failed to fetch cutoff time settings",
    saveFailed: "Failed to save cutoff time",
    saved: "Cutoff time settings saved successfully",
  });
}

export function usePaymentBypassSetting() {
  return useSetting(queryKeys.paymentBypass, "/api/settings/payment-bypass", {
    fetchFailed: "Failed to fetch payment bypass settings",
    saveFailed: "Failed to save payment bypass settings",
    saved: "Payment bypass settings saved successfully",
  });
}

/** Issue 44: whether the Cart offers to order now and pay later by transfer. */
export function useBankTransferSetting() {
  return useSetting(queryKeys.bankTransfer, "/api/settings/bank-transfer", {
    fetchFailed: "Failed to fetch bank transfer settings",
    saveFailed: "Failed to save bank transfer settings",
    saved: "Bank transfer settings saved successfully",
  });
}

export function useCommunicationSetting() {
  return useSetting(queryKeys.communication, "/api/settings/communication", {
    fetchFailed: "Failed to fetch communication settings",
    saveFailed: "Failed to save communication settings",
    saved: "Communication settings saved successfully",
  });
}

export function useMobileMoneySetting() {
  return useSetting(queryKeys.mobileMoney, "/api/settings/mobile-money", {
    fetchFailed: "Failed to fetch mobile money settings",
    saveFailed: "Failed to save mobile money settings",
    saved: "Mobile money settings saved successfully",
  });
}

export function useReminderSetting() {
  return useSetting(queryKeys.reminders, "/api/settings/reminders", {
    fetchFailed: "Failed to fetch reminder settings",
    saveFailed: "Failed to save reminder settings",
    saved: "Reminder settings saved successfully",
  });
}

export function useAllergenSetting() {
  return useSetting(queryKeys.allergens, "/api/settings/allergens", {
    fetchFailed: "Failed to fetch allergens",
    saveFailed: "Failed to save allergens",
    saved: "Allergens saved successfully",
  });
}

/** Issue 47: the school's daily counter limit per child. */
export function useCounterSetting() {
  return useSetting(queryKeys.counterSettings, "/api/settings/counter", {
    fetchFailed: "Failed to fetch counter settings",
    saveFailed: "Failed to save counter settings",
    saved: "Counter settings saved successfully",
  });
}

/** Issue 47: the school's limits per wallet top-up. */
export function useWalletSetting() {
  return useSetting(queryKeys.walletSettings, "/api/settings/wallet", {
    fetchFailed: "Failed to fetch wallet settings",
    saveFailed: "Failed to save wallet settings",
    saved: "Wallet settings saved successfully",
  });
}
