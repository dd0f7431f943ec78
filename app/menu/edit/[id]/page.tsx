import Link from "next/link";
import { notFound } from "next/navigation";
import { EditMenuItem } from "@/components/admin/menu/edit-menu-item";
import { AuthPage } from "@/components/auth/auth-page";
import { getCurrentUser } from "@/lib/auth/session";
import { hasFeature } from "@/lib/contracts/permissions";
import { findMenuItem } from "@/lib/menu/get-menu-item";
import { currentSchool } from "@/lib/schools/current-school";

// /menu/edit/{id}: admins only (spec 001 §2). The item is loaded from its own record; when that
// fails the page says so with a link back to the menu; the form is the menu section's own.
export default async function EditMenuItemPage({ params }: { params: Promise<{ id: string }> }) {
  const school = await currentSchool();
  const user = await getCurrentUser(school.id);
  if (!user) return <AuthPage />;
  if (user.role !== "admin") notFound();
  if (!hasFeature(user, "menu")) notFound();
  const { id } = await params;
  const item = await findMenuItem(school, id);
  if (!item) {
    return (
      <main className="mx-auto grid max-w-xl gap-4 px-4 py-16 text-center">
        <p role="alert" className="text-destructive">
          Failed to load menu item: Item not found
        </p>
        <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to Menu
        </Link>
      </main>
    );
  }
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-semibold">Edit Menu Item</h1>
      <EditMenuItem itemId={item.id} />
    </main>
  );
}
