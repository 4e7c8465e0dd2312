import { ROLE_LABELS } from '@domain/permissions';
import { LogIn, LogOut, ShieldCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { ApiError, apiJson, apiRequest, failureNotice } from '~/lib/api';
import { onDemand } from '~/lib/on-demand';
import { toast } from '~/lib/toast';
import { useAdmin } from '~/lib/use-admin';
import { revalidateAdminChange } from './admin-change';

// Only a logged-in admin sees these, so visitors' pages do not load their code (decision 032).
const FailingBadge = onDemand(() => import('./admin-nav').then((module) => module.FailingBadge));
const AdminPageLinks = onDemand(() => import('./admin-nav').then((module) => module.AdminPageLinks));

interface LoginFailure {
  message: string;
  codeRequired: boolean;
}

/** The login's failure notice (docs/admin.md): "{status}: {the server's text}" or 'Login failed'; and whether it asks for the code. */
function readLoginFailure(error: unknown): LoginFailure {
  return { message: failureNotice(error, 'Login failed'), codeRequired: error instanceof ApiError && error.json?.codeRequired === true };
}

/**
 * After each login and logout the admin check refreshes (GET /api/admin/check), and
 * a failed check shows its notice (docs/admin.md). The page's own data (who is logged in, the All
 * Documents tab) then comes again from its loaders.
 */
async function refreshAdminCheck(revalidate: () => Promise<void>): Promise<void> {
  try {
    await apiJson<AdminCheck>('GET', '/api/admin/check');
  } catch (error) {
    toast({ title: 'Failed to check admin status', description: failureNotice(error, 'Failed to check admin status'), variant: 'destructive' });
  }
  await revalidateAdminChange(revalidate);
}

/** GET /api/admin/check's answer (docs/admin.md). */
interface AdminCheck {
  isAuthenticated: boolean;
  username: string | null;
}

function LoginForm({ onCancel, onSuccess }: { onCancel: () => void; onSuccess: () => void }) {
  const [pending, setPending] = useState(false);
  const [codeRequired, setCodeRequired] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
      ...(codeRequired ? { code: String(form.get('code') ?? '') } : {}),
    };
    setPending(true);
    try {
      const { username } = await apiJson<{ username: string }>('POST', '/api/admin/login', body);
      toast({ title: 'Login successful', description: `Welcome, ${username}!` });
      onSuccess();
    } catch (error) {
      const failure = readLoginFailure(error);
      if (failure.codeRequired && !codeRequired) {
        // The password was right; the server now asks for the second factor.
        setCodeRequired(true);
        setTimeout(() => codeRef.current?.focus(), 0);
      } else {
        toast({ title: 'Login failed', description: failure.message, variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Admin login" className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <label className="block text-sm font-medium text-ink" htmlFor={`${id}-username`}>
        Username
        <Input id={`${id}-username`} name="username" autoComplete="username" required />
      </label>
      <label className="block text-sm font-medium text-ink" htmlFor={`${id}-password`}>
        Password
        <Input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
      </label>
      {codeRequired ? (
        <label className="block text-sm font-medium text-ink sm:col-span-2" htmlFor={`${id}-code`}>
          Verification code
          <span className="block text-xs font-normal text-slate-600">The 6-digit code from your authenticator app.</span>
          <Input
            ref={codeRef}
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
          />
        </label>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Logging in...' : 'Log In'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The knowledge base's admin area: Admin Login reveals the login form (with Cancel); once
 * logged in, a banner with the admin's name, the page's own `actions` (the knowledge base
 * passes Upload Document to roles that may change documents), the admin's role, the admin pages
 * the role may open and Logout. Admin controls are hidden for visitors and for roles without
 * them (domain/permissions.ts), and the server enforces every admin action on its own.
 */
export function AdminBar({ actions }: { actions?: ReactNode }) {
  const admin = useAdmin();
  const revalidator = useRevalidator();
  const [formOpen, setFormOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  async function logout() {
    setLoggingOut(true);
    try {
      await apiRequest('POST', '/api/admin/logout');
      toast({ title: 'Logged out' });
      await refreshAdminCheck(revalidator.revalidate);
    } catch (error) {
      toast({ title: 'Logout failed', description: `Logout failed: ${failureNotice(error, 'Network error')}`, variant: 'destructive' });
    } finally {
      setLoggingOut(false);
    }
  }

  if (admin) {
    return (
      <div
        role="region"
        aria-label="Admin"
        className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-center gap-2 text-sm text-ink">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Logged in as <strong>{admin.username}</strong>
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700">{ROLE_LABELS[admin.role]}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Suspense fallback={null}>
            <FailingBadge.Component />
          </Suspense>
          {actions}
          <Suspense fallback={null}>
            <AdminPageLinks.Component />
          </Suspense>
          <Button variant="outline" size="sm" onClick={logout} disabled={loggingOut}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Logout
          </Button>
        </div>
      </div>
    );
  }

  if (!formOpen) {
    return (
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => setFormOpen(true)}>
          <LogIn aria-hidden="true" className="h-4 w-4" />
          Admin Login
        </Button>
      </div>
    );
  }

  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 className="mb-3 text-base font-semibold text-ink">Admin Login</h2>
      <LoginForm
        onCancel={() => setFormOpen(false)}
        onSuccess={() => {
          setFormOpen(false);
          void refreshAdminCheck(revalidator.revalidate);
        }}
      />
    </div>
  );
}
