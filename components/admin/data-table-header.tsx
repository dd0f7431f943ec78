// The header moved to the admin table kit; Menu Management (being split on its own branch) still
// imports it from here. Remove once it imports components/admin/data-table/data-table-header.
export { DataTableHeader } from "@/components/admin/data-table/data-table-header";
