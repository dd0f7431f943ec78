"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm, type Control, type FieldValues, type UseFormReturn } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextareaField, TextField } from "@/components/ui/form-fields";
import type { PlatformSchoolDto } from "@/lib/contracts/platform";
import type { SchoolChanges } from "./platform-api";
import {
  DEFAULT_TIME_ZONE,
  editSchoolSchema,
  parseHosts,
  schoolFormSchema,
  showServerErrors,
  type EditSchoolValues,
  type SchoolFormValues,
} from "./school-form-schema";
import { useCreateSchool, useUpdateSchool } from "./use-platform";

// The operator's two school forms: New school (with its first admin) and Edit (name, addresses,
// time zone). The server's refusals are shown in the form, where the operator is looking.

const ZONES_LIST = "platform-time-zones";
const HOSTS_HELP =
  "One or more host[:port], separated by commas or lines (e.g. school.example.com).";

/** Where the school is, in both forms: the addresses it answers on and the time zone of its days. */
function WhereFields<T extends { hosts: string; timeZone: string }>({
  control,
}: {
  control: Control<T>;
}) {
  const zones = useMemo(() => Intl.supportedValuesOf?.("timeZone") ?? [DEFAULT_TIME_ZONE], []);
  // Both forms carry hosts and timeZone as strings: the cast only forgets the rest of the form.
  const c = control as unknown as Control<{ hosts: string; timeZone: string }>;
  return (
    <>
      <TextareaField
        control={c}
        name="hosts"
        label="Addresses"
        description={HOSTS_HELP}
        rows={2}
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        control={c}
        name="timeZone"
        label="Time zone"
        list={ZONES_LIST}
        autoComplete="off"
      />
      <datalist id={ZONES_LIST}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}

function ServerProblem<T extends FieldValues>({ form }: { form: UseFormReturn<T> }) {
  const message = form.formState.errors.root?.server?.message;
  return message ? (
    <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

const EMPTY: SchoolFormValues = {
  name: "",
  slug: "",
  hosts: "",
  timeZone: DEFAULT_TIME_ZONE,
  adminEmail: "",
  adminPassword: "",
};

export function CreateSchoolDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<SchoolFormValues>({
    resolver: zodResolver(schoolFormSchema),
    defaultValues: EMPTY,
  });
  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };
  const create = useCreateSchool(() => close(false));
  // The resolver hands over the parsed values (trimmed, the slug in lower case).
  const submit = form.handleSubmit(async ({ adminPassword, ...rest }) => {
    await create
      .mutateAsync({
        ...rest,
        hosts: parseHosts(rest.hosts),
        ...(adminPassword ? { adminPassword } : {}),
      })
      .catch((error: unknown) =>
        showServerErrors(error, form.setError, Object.keys(EMPTY) as (keyof SchoolFormValues)[]),
      );
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="New school"
      description="The school, the addresses it answers on, and its first admin (superadmin)."
      className="max-h-[90dvh] overflow-y-auto"
      form={form}
      onSubmit={submit}
      pending={create.isPending}
      submitLabel="Create school"
      pendingLabel="Creating..."
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="name" label="Name" autoComplete="off" />
        <TextField
          control={form.control}
          name="slug"
          label="Slug"
          description="Lower-case letters, digits and dashes."
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <WhereFields control={form.control} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="adminEmail"
          label="Admin e-mail"
          type="email"
          autoComplete="off"
        />
        <TextField
          control={form.control}
          name="adminPassword"
          label="Admin password (optional)"
          description="At least 12 characters. Empty: a temporary password is mailed."
          type="password"
          autoComplete="new-password"
        />
      </div>
      <ServerProblem form={form} />
    </FormDialog>
  );
}

function editValues(school: PlatformSchoolDto): EditSchoolValues {
  return { name: school.name, hosts: school.hosts.join("\n"), timeZone: school.timeZone };
}

/** Only what the operator changed (nothing at all: nothing is sent). */
function changesOf(school: PlatformSchoolDto, values: EditSchoolValues): SchoolChanges {
  const hosts = parseHosts(values.hosts);
  const name = values.name.trim();
  const timeZone = values.timeZone.trim();
  return {
    ...(name === school.name ? {} : { name }),
    ...(hosts.join("\n") === school.hosts.join("\n") ? {} : { hosts }),
    ...(timeZone === school.timeZone ? {} : { timeZone }),
  };
}

/** Edit a school; mounted with the school it edits (a new school: a fresh form). */
export function EditSchoolDialog({
  school,
  onClose,
}: {
  school: PlatformSchoolDto;
  onClose: () => void;
}) {
  const form = useForm<EditSchoolValues>({
    resolver: zodResolver(editSchoolSchema),
    defaultValues: editValues(school),
  });
  const update = useUpdateSchool();
  const submit = form.handleSubmit(async (values) => {
    const changes = changesOf(school, values);
    if (Object.keys(changes).length === 0) return onClose();
    await update
      .mutateAsync({ id: school.id, changes })
      .then(onClose)
      .catch((error: unknown) =>
        showServerErrors(error, form.setError, ["name", "hosts", "timeZone"]),
      );
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${school.name}`}
      description="Its name, the addresses it answers on, and the time zone of its days."
      className="max-h-[90dvh] overflow-y-auto"
      form={form}
      onSubmit={submit}
      pending={update.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
    >
      <TextField control={form.control} name="name" label="Name" autoComplete="off" />
      <WhereFields control={form.control} />
      <ServerProblem form={form} />
    </FormDialog>
  );
}
