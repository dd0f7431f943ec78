"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { ComponentProps } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
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
import type { ParentDto } from "@/lib/contracts/people";
import {
  newParentSchema,
  parentChangeSchema,
  type NewParentValues,
  type ParentChangeInput,
  type ParentChangeValues,
} from "@/lib/validations/people";
import { useSaveParent } from "./use-parents-queries";

type Values = NewParentValues | ParentChangeValues;

/** Add or edit a parent (spec 001 §2, §5). `parent` null = add, where a password is required. */
export function ParentDialog({
  open,
  parent,
  onOpenChange,
}: {
  open: boolean;
  parent: ParentDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<ParentChangeInput, unknown, Values>({
    // Both schemas take the same fields; only the password rule differs.
    resolver: zodResolver(parent ? parentChangeSchema : newParentSchema),
    values: {
      username: parent?.username ?? "",
      name: parent?.name ?? "",
      email: parent?.email ?? "",
      phone: parent?.phone ?? "",
      password: "",
    },
  });
  const save = useSaveParent(() => onOpenChange(false));
  const submit = form.handleSubmit((values) =>
    save.mutate(
      parent ? { id: parent.id, values } : { id: null, values: values as NewParentValues },
    ),
  );

  const text = (
    name: "username" | "name" | "email" | "phone",
    label: string,
    props: ComponentProps<typeof Input> = {},
  ) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input autoComplete="off" {...props} {...field} value={field.value ?? ""} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{parent ? "Edit Parent" : "Add Parent"}</DialogTitle>
          <DialogDescription>
            {parent ? "Change the parent's details." : "Create a parent account."}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
            {text("username", "Username")}
            {text("name", "Full Name")}
            {text("email", "Email", { type: "email" })}
            {text("phone", "Mobile Phone", { type: "tel" })}
            <FormField
              control={form.control}
              name="password"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Password</FormLabel>
                  <FormControl>
                    <Input
                      type="password"
                      autoComplete="new-password"
                      {...field}
                      value={field.value ?? ""}
                    />
                  </FormControl>
                  {parent && (
                    <FormDescription>
                      Leave blank to keep the current password. A new one signs the parent out.
                    </FormDescription>
                  )}
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? "Saving..." : parent ? "Save Changes" : "Add Parent"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
