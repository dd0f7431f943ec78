"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/client/api";
import { MenuItemForm } from "./menu-item-form";
import { useMenuItemToEdit, useRefreshMenuItems } from "./use-menu-queries";

/** /menu/edit/{id}: the item from its own record, then the shared menu item form. */
export function EditMenuItem({ itemId }: { itemId: number }) {
  const router = useRouter();
  const refreshMenuItems = useRefreshMenuItems();
  const { itemQuery, ordersQuery } = useMenuItemToEdit(itemId);

  if (itemQuery.isError) {
    return (
      <div className="mx-auto grid max-w-xl gap-4 px-4 py-16 text-center">
        <p role="alert" className="text-destructive">
          Failed to load menu item: {errorMessage(itemQuery.error, "Item not found")}
        </p>
        <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to Menu
        </Link>
      </div>
    );
  }

  if (itemQuery.isPending || ordersQuery.isPending) {
    return <p className="p-6 text-sm text-muted-foreground">Loading menu item…</p>;
  }

  const item = itemQuery.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Edit Menu Item</CardTitle>
      </CardHeader>
      <CardContent>
        <MenuItemForm
          key={`${item.id}:${item.version}`}
          item={item}
          // Until the order check answers (it failed: a toast said so) the name stays locked;
          // the server refuses a rename of an item with orders (409) in any case.
          hasOrders={ordersQuery.data?.hasOrders ?? true}
          onSaved={() => {
            void refreshMenuItems();
            router.push("/");
          }}
          onCancel={() => router.push("/")}
          onDuplicated={(newId) => router.push(`/menu/edit/${newId}`)}
        />
      </CardContent>
    </Card>
  );
}
