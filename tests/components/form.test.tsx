import { describe, expect, it, jest } from "@jest/globals";
import { zodResolver } from "@hookform/resolvers/zod";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { z } from "zod";

import { Button } from "@/components/ui/button";
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

const schema = z.object({
  email: z.email("Enter a valid email address"),
  name: z.string().trim().min(2, "Name must be at least 2 characters"),
});

type Values = z.infer<typeof schema>;

function ProfileForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: "", name: "" },
  });

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" {...field} />
              </FormControl>
              <FormDescription>We send the order confirmation here.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit">Save</Button>
      </form>
    </Form>
  );
}

describe("Form (react-hook-form + zod)", () => {
  it("shows the zod message under the invalid field, wired with aria-invalid and aria-describedby", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<ProfileForm onSubmit={onSubmit} />);

    const email = screen.getByLabelText("Email");
    const name = screen.getByLabelText("Name");
    expect(email).toHaveAttribute("aria-invalid", "false");
    expect(email).toHaveAccessibleDescription("We send the order confirmation here.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.type(email, "not-an-email");
    await user.type(name, "Ada");
    await user.click(screen.getByRole("button", { name: "Save" }));

    const message = await screen.findByRole("alert");
    expect(message).toHaveTextContent("Enter a valid email address");
    expect(message).toHaveClass("text-destructive");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(
      "We send the order confirmation here. Enter a valid email address",
    );
    // The message sits in the field's item, after the control.
    const item = email.closest("[data-slot=form-item]");
    expect(item).toContainElement(message);
    expect(email.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The label turns red too, and the valid field stays clean.
    expect(screen.getByText("Email")).toHaveAttribute("data-error", "true");
    expect(name).toHaveAttribute("aria-invalid", "false");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows every field's message and submits once the values are valid", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<ProfileForm onSubmit={onSubmit} />);

    await user.click(screen.getByRole("button", { name: "Save" }));

    const alerts = await screen.findAllByRole("alert");
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      "Enter a valid email address",
      "Name must be at least 2 characters",
    ]);
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription(
      "Name must be at least 2 characters",
    );

    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: "ada@example.com", name: "Ada" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "false");
  });
});
