"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useCommunicationSetting } from "@/components/admin/settings/use-settings-queries";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import {
  communicationSchema,
  type CommunicationInput,
  type CommunicationValues,
} from "@/lib/validations/settings";

/** Settings › Communication: the support e-mail and the WhatsApp number (spec 001 §2, §5). */
export function CommunicationTab() {
  const { query, save } = useCommunicationSetting();
  const form = useForm<CommunicationInput, unknown, CommunicationValues>({
    resolver: zodResolver(communicationSchema),
    defaultValues: { supportEmail: "", whatsappNumber: "" },
    values: query.data,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Communication Settings</CardTitle>
        <CardDescription>
          Where parents&apos; contact messages go, and the number their WhatsApp button opens.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            className="grid max-w-xl gap-4"
            onSubmit={form.handleSubmit((values) => save.mutate(values))}
          >
            <FormField
              control={form.control}
              name="supportEmail"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Support Email</FormLabel>
                  <FormControl>
                    <Input {...field} value={field.value ?? ""} type="email" autoComplete="off" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="whatsappNumber"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>WhatsApp Contact Number</FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      value={field.value ?? ""}
                      type="tel"
                      placeholder="+260 97 1234567"
                    />
                  </FormControl>
                  <FormDescription>Include country code</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div>
              <Button type="submit" disabled={save.isPending || query.isPending}>
                {save.isPending ? "Saving..." : "Save Communication Settings"}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
