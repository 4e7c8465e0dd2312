import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '~/lib/cn';
import { TOAST_ACTION_DURATION_MS, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD, dismissToast, useToasts } from '~/lib/toast';

/** Renders the toast queue with Radix Toast; F8 moves focus to the toast viewport. Loaded by Toaster (./toaster). */
export default function ToastList() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === 'destructive' || item.action ? 'foreground' : 'background'}
          duration={item.action ? TOAST_ACTION_DURATION_MS : undefined}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-toast-out',
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-ink',
          )}
          data-variant={item.variant ?? 'default'}
        >
          <div className="grid min-w-0 flex-1 gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="break-words text-sm opacity-90">{item.description}</Toast.Description>
            ) : null}
          </div>
          {item.action ? (
            <Toast.Action
              altText={`${item.action.label}: ${item.title}`}
              onClick={item.action.onClick}
              className={cn(
                'shrink-0 self-center rounded-md border px-3 py-1.5 text-sm font-semibold',
                item.variant === 'destructive'
                  ? 'border-white/70 text-white hover:bg-white/10'
                  : 'border-slate-300 bg-white text-brand-700 hover:bg-slate-50',
              )}
            >
              {item.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm" />
    </Toast.Provider>
  );
}
