"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useCommunicationSetting } from "@/components/admin/settings/use-settings-queries";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/form-fields";
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
            <TextField
              control={form.control}
              name="supportEmail"
              label="Support Email"
              type="email"
              autoComplete="off"
            />
            <TextField
              control={form.control}
              name="whatsappNumber"
              label="WhatsApp Contact Number"
              description="Include country code"
              type="tel"
              placeholder="+260 97 1234567"
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
