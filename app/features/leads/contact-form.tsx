/**
 * The home page's contact form (SPEC §4, §5). Filled in by the leads issue; the home
 * page's #contact section renders it beside the contact details.
 */
export function ContactForm() {
  return null;
}
