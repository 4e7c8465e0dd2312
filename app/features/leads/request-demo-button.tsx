import { Link } from 'react-router';
import { type ButtonVariant, buttonClass } from '~/components/ui/button';

/**
 * The Request Demo call to action of the platform pages. Until the demo modal lands it
 * links to the contact form; the leads issue turns it into the modal's trigger.
 */
export function RequestDemoButton({ variant = 'accent', className }: { variant?: ButtonVariant; className?: string }) {
  return (
    <Link to="/#contact" className={buttonClass(variant, 'lg', className)}>
      Request Demo
    </Link>
  );
}
