/** What a header dropdown shows: the props of the stand-in (header-dropdown.tsx) and of the Radix menu (header-dropdown-menu.tsx). */
export interface HeaderDropdownItem {
  label: string;
  href: string;
  description?: string;
  /** A page of this site (client-side navigation) rather than a plain link (a hash, another site). */
  route: boolean;
}

export interface HeaderDropdownProps {
  label: string;
  items: readonly HeaderDropdownItem[];
}
