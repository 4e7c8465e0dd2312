import { singleLineText, text, z } from './zod.ts';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from './webhooks.ts';

/**
 * The body of POST /api/admin/webhooks and PUT /api/admin/webhooks/:id, for the admin page's
 * form and the API alike. Whether the address is public is the server's check (it needs
 * WEBHOOK_ALLOW_HOSTS); this one asks for an http(s) link.
 */
export const webhookEndpointSchema = z.object({
  url: singleLineText(
    text('URL').trim().min(1, 'URL is required.').max(WEBHOOK_URL_MAX, `URL must be at most ${WEBHOOK_URL_MAX} characters.`),
    'URL',
  ).refine((value) => /^https?:\/\/[^\s/]/i.test(value), 'Enter a full address starting with https:// or http://.'),
  description: singleLineText(
    text('Description').trim().max(WEBHOOK_DESCRIPTION_MAX, `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`),
    'Description',
  )
    .nullish()
    .transform((value) => value ?? ''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: (issue) => `Unknown event: ${String(issue.input)}.` }), {
      error: 'Choose at least one event.',
    })
    .min(1, 'Choose at least one event.')
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((event) => events.includes(event))),
  enabled: z.boolean({ error: 'Enabled must be true or false.' }).optional().default(true),
});

export type WebhookEndpointFormInput = z.input<typeof webhookEndpointSchema>;
export type WebhookEndpointValues = z.output<typeof webhookEndpointSchema>;
