import {
  type FormOutcome,
  DEMO_KEY_FIELD,
  RETURN_TO_FIELD,
  contactRedirectUrl,
  demoRedirectUrl,
  isDemoKey,
  safeReturnPath,
} from '@domain/leads/form-outcome.ts';
import { HONEYPOT_FIELD, contactMessageSchema, demoRequestSchema } from '@domain/leads/schemas.ts';
import {
  type ContactMessage,
  type DemoRequest,
  type LeadKind,
  DEFAULT_PAGE_SIZE,
  LEAD_STATUSES,
  MAX_PAGE_SIZE,
} from '@domain/leads/types.ts';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { hit } from '../services/rate-limiter.ts';
import { type CsvColumn, toCsv } from '../services/leads/csv.ts';
import { HttpError, invalidInput, invalidRequest } from './errors.ts';
import { parseIdParam } from './params.ts';
import { requireAdmin } from './require-admin.ts';

/**
 * POST /api/contact and POST /api/request-demo (docs/leads.md), and the admin inbox:
 * GET /api/admin/messages, /api/admin/demo-requests (+ .csv), PATCH …/:id.
 *
 * The two posts take JSON (the enhanced forms) or a classic urlencoded form post (no
 * JavaScript). JSON gets 201 / 400 {message, fieldErrors} / 429; a form post gets a 303
 * back to its page with the outcome in the URL (see domain/leads/form-outcome.ts).
 */

const BODY_LIMIT = '32kb';
const RATE_WINDOW_MS = 60_000;
const SENT_MESSAGE = "Thank you for your interest. We'll get back to you soon.";

interface LeadForm<T> {
  kind: LeadKind;
  schema: z.ZodType<T>;
  store(services: Services, input: T): Promise<number>;
  /** Where a classic post goes back to, with the outcome and (unless sent) the values. */
  redirectUrl(body: Record<string, unknown>, outcome: FormOutcome): string;
}

const contactForm: LeadForm<Parameters<Services['leads']['submitContactMessage']>[0]> = {
  kind: 'contact',
  schema: contactMessageSchema,
  store: (services, input) => services.leads.submitContactMessage(input),
  redirectUrl: (body, outcome) => contactRedirectUrl(safeReturnPath(body[RETURN_TO_FIELD]), outcome, body),
};

const demoForm: LeadForm<Parameters<Services['leads']['submitDemoRequest']>[0]> = {
  kind: 'demo',
  schema: demoRequestSchema,
  store: (services, input) => services.leads.submitDemoRequest(input),
  redirectUrl: (body, outcome) => {
    const key = body[DEMO_KEY_FIELD];
    return demoRedirectUrl(safeReturnPath(body[RETURN_TO_FIELD]), isDemoKey(key) ? key : 'demo', outcome, body);
  },
};

function isClassicForm(req: Request): boolean {
  return Boolean(req.is('application/x-www-form-urlencoded'));
}

/** 415 before reading a byte of a body we cannot parse. */
function acceptTypes(...types: string[]): RequestHandler {
  return (req, _res, next) => {
    if (req.is(types)) return next();
    next(new HttpError(415, `Send the body as ${types.join(' or ')}.`));
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function leadPostHandler<T>(services: Services, form: LeadForm<T>): RequestHandler {
  const { config, database, logger } = services;
  return async (req: Request, res: Response) => {
    const classic = isClassicForm(req);
    if (!isPlainObject(req.body)) throw invalidRequest('The request body must be a JSON object.');
    const body = req.body;
    const sent = () => (classic ? res.redirect(303, form.redirectUrl(body, 'sent')) : res.status(201).json({ message: SENT_MESSAGE }));

    // Counted per client IP in the database, so every app process shares one budget.
    // req.ip honours X-Forwarded-For only from proxies TRUST_PROXY names.
    const limit = await hit(database.db, `leads:${req.ip ?? 'unknown'}`, {
      limit: config.leads.rateLimitPerMinute,
      windowMs: RATE_WINDOW_MS,
    });
    if (!limit.allowed) {
      res.set('Retry-After', String(limit.retryAfterSeconds));
      if (classic) return res.redirect(303, form.redirectUrl(body, 'limited'));
      throw new HttpError(429, 'Too many submissions from your network. Please wait a minute and try again.');
    }

    const trap = body[HONEYPOT_FIELD];
    if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) {
      // A bot filled the field people never see: it gets the same success, and nothing is stored.
      logger.info({ kind: form.kind, ip: req.ip }, 'lead dropped by the honeypot');
      return sent();
    }

    const result = form.schema.safeParse(body);
    if (!result.success) {
      if (classic) return res.redirect(303, form.redirectUrl(body, 'invalid'));
      throw invalidInput(result.error, 'Some fields are missing or invalid.');
    }

    try {
      await form.store(services, result.data);
    } catch (error) {
      if (!classic) throw error;
      logger.error({ err: error, kind: form.kind }, 'could not store a lead');
      return res.redirect(303, form.redirectUrl(body, 'failed'));
    }
    return sent();
  };
}

const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000, 'page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be 1 or more')
    .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  status: z.enum(LEAD_STATUSES, { error: "status must be 'pending' or 'handled'" }).optional(),
});

const patchSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: "status must be 'pending' or 'handled'" }),
});

function parseListQuery(req: Request) {
  const parsed = listQuerySchema.safeParse(req.query);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/** Ids are positive 32-bit integers; anything else cannot name a lead. */
function leadId(value: unknown): number {
  return parseIdParam(value, 'No such lead.');
}

const messageColumns: CsvColumn<ContactMessage>[] = [
  { header: 'id', value: (lead) => lead.id },
  { header: 'received', value: (lead) => lead.createdAt },
  { header: 'status', value: (lead) => lead.status },
  { header: 'first name', value: (lead) => lead.firstName },
  { header: 'last name', value: (lead) => lead.lastName },
  { header: 'company', value: (lead) => lead.company },
  { header: 'email', value: (lead) => lead.email },
  { header: 'message', value: (lead) => lead.message },
];

const demoColumns: CsvColumn<DemoRequest>[] = [
  { header: 'id', value: (lead) => lead.id },
  { header: 'received', value: (lead) => lead.createdAt },
  { header: 'status', value: (lead) => lead.status },
  { header: 'name', value: (lead) => lead.name },
  { header: 'title', value: (lead) => lead.title },
  { header: 'company', value: (lead) => lead.company },
  { header: 'phone', value: (lead) => lead.phone },
  { header: 'email', value: (lead) => lead.email },
  { header: 'notes', value: (lead) => lead.notes },
];

function sendCsv(res: Response, name: string, csv: string) {
  const date = new Date().toISOString().slice(0, 10);
  res
    .type('text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${name}-${date}.csv"`)
    .send(csv);
}

export function createLeadsRouter(services: Services): Router {
  const router = express.Router();
  // Parsers are per route: a router-wide parser would also run for other areas' paths.
  const json = express.json({ limit: BODY_LIMIT });
  const form = express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 50 });
  const leadBody = acceptTypes('application/json', 'application/x-www-form-urlencoded');
  const admin = requireAdmin(services);
  const { leads } = services;

  router.post('/contact', leadBody, json, form, leadPostHandler(services, contactForm));
  router.post('/request-demo', leadBody, json, form, leadPostHandler(services, demoForm));

  router.get('/admin/messages', admin, async (req, res) => {
    res.json(await leads.listContactMessages(parseListQuery(req)));
  });
  router.get('/admin/demo-requests', admin, async (req, res) => {
    res.json(await leads.listDemoRequests(parseListQuery(req)));
  });
  router.get('/admin/messages.csv', admin, async (req, res) => {
    sendCsv(res, 'contact-messages', toCsv(messageColumns, await leads.allContactMessages(parseListQuery(req).status)));
  });
  router.get('/admin/demo-requests.csv', admin, async (req, res) => {
    sendCsv(res, 'demo-requests', toCsv(demoColumns, await leads.allDemoRequests(parseListQuery(req).status)));
  });

  const patchStatus =
    (kind: LeadKind): RequestHandler =>
    async (req, res) => {
      const id = leadId(req.params.id);
      const parsed = patchSchema.safeParse(req.body);
      if (!parsed.success) throw invalidInput(parsed.error);
      const lead = await leads.setStatus(kind, id, parsed.data.status);
      if (!lead) throw new HttpError(404, 'No such lead.');
      res.json(lead);
    };
  const patchBody = acceptTypes('application/json');
  router.patch('/admin/messages/:id', admin, patchBody, json, patchStatus('contact'));
  router.patch('/admin/demo-requests/:id', admin, patchBody, json, patchStatus('demo'));

  return router;
}
