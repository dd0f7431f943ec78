"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/form-fields";
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
  teacher = false,
  onOpenChange,
}: {
  open: boolean;
  parent: ParentDto | null;
  /** Editing a teacher's account (issue 44): the same fields, named for a teacher. */
  teacher?: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const who = teacher ? "teacher" : "parent";
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

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={parent ? (teacher ? "Edit Teacher" : "Edit Parent") : "Add Parent"}
      description={parent ? `Change the ${who}'s details.` : "Create a parent account."}
      className="max-h-[90dvh] overflow-y-auto"
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={parent ? "Save Changes" : "Add Parent"}
      pendingLabel="Saving..."
    >
      <TextField control={form.control} name="username" label="Username" autoComplete="off" />
      <TextField control={form.control} name="name" label="Full Name" autoComplete="off" />
      <TextField
        control={form.control}
        name="email"
        label="Email"
        autoComplete="off"
        type="email"
      />
      <TextField
        control={form.control}
        name="phone"
        label="Mobile Phone"
        autoComplete="off"
        type="tel"
      />
      <TextField
        control={form.control}
        name="password"
        label="Password"
        description={
          parent && `Leave blank to keep the current password. A new one signs the ${who} out.`
        }
        type="password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
