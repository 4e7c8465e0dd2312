import {
  type ContactMessage,
  type DemoRequest,
  type InboxLead,
  type LeadKind,
  DEFAULT_PAGE_SIZE,
  LEAD_STATUSES,
  LEAD_STATUS_ALIASES,
  MAX_PAGE_SIZE,
  canonicalLeadStatus,
} from '@domain/leads/types.ts';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { type CsvColumn, toCsv } from '../services/leads/csv.ts';
import { HttpError, invalidInput, invalidRequest } from './errors.ts';
import { pageQueryShape, parseIdParam } from './params.ts';
import { actorOf, requirePermission } from './require-admin.ts';

/**
 * POST /api/contact and POST /api/request-demo (docs/leads.md), and the admin inbox:
 * GET /api/admin/messages, /api/admin/demo-requests (+ .csv), PATCH …/:id, DELETE …/:id (to the trash).
 *
 * The two posts take JSON from the enhanced forms: 201 / 400 {message, fieldErrors} / 429.
 * A form posted without JavaScript goes to its page's route action instead
 * (app/features/leads/lead-form-action.server.ts); both make the same service call.
 */

const BODY_LIMIT = '32kb';
const SENT_MESSAGE = "Thank you for your interest. We'll get back to you soon.";

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

function leadPostHandler(services: Services, kind: LeadKind): RequestHandler {
  return async (req: Request, res: Response) => {
    if (!isPlainObject(req.body)) throw invalidRequest('The request body must be a JSON object.');
    // req.ip honours X-Forwarded-For only from proxies TRUST_PROXY names.
    const result = await services.leads.submit(kind, req.body, req.ip ?? 'unknown');
    if (result.outcome === 'limited') {
      res.set('Retry-After', String(result.retryAfterSeconds));
      throw new HttpError(429, 'Too many submissions from your network. Please wait a minute and try again.');
    }
    if (result.outcome === 'invalid') throw invalidInput(result.error, 'Some fields are missing or invalid.');
    res.status(201).json({ message: SENT_MESSAGE });
  };
}

const STATUS_MESSAGE = `status must be one of ${LEAD_STATUSES.map((status) => `'${status}'`).join(', ')}`;

/**
 * A lead status, or an old name for one (`pending` is `new`, `handled` is `closed`; docs/leads.md),
 * so clients written for the first inbox keep working.
 */
const leadStatus = () =>
  z
    .enum([...LEAD_STATUSES, ...(Object.keys(LEAD_STATUS_ALIASES) as Array<keyof typeof LEAD_STATUS_ALIASES>)], { error: STATUS_MESSAGE })
    .transform((value) => canonicalLeadStatus(value) ?? 'new');

const listQuerySchema = z.object({
  ...pageQueryShape(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  status: leadStatus().optional(),
});

const patchSchema = z.object({ status: leadStatus() });

function parseListQuery(req: Request) {
  const parsed = listQuerySchema.safeParse(req.query);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/** Ids are positive 32-bit integers; anything else cannot name a lead. */
function leadId(value: unknown): number {
  return parseIdParam(value, 'No such lead.');
}

/** The last change of the status: when, and by whom (empty while it is still as received). */
const statusChangeColumns: CsvColumn<InboxLead<ContactMessage | DemoRequest>>[] = [
  { header: 'status changed', value: (lead) => lead.statusHistory[0]?.at ?? null },
  { header: 'changed by', value: (lead) => lead.statusHistory[0]?.by ?? null },
];

const messageColumns: CsvColumn<InboxLead<ContactMessage>>[] = [
  { header: 'id', value: (lead) => lead.id },
  { header: 'received', value: (lead) => lead.createdAt },
  { header: 'status', value: (lead) => lead.status },
  ...statusChangeColumns,
  { header: 'first name', value: (lead) => lead.firstName },
  { header: 'last name', value: (lead) => lead.lastName },
  { header: 'company', value: (lead) => lead.company },
  { header: 'email', value: (lead) => lead.email },
  { header: 'message', value: (lead) => lead.message },
];

const demoColumns: CsvColumn<InboxLead<DemoRequest>>[] = [
  { header: 'id', value: (lead) => lead.id },
  { header: 'received', value: (lead) => lead.createdAt },
  { header: 'status', value: (lead) => lead.status },
  ...statusChangeColumns,
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
  const jsonOnly = acceptTypes('application/json');
  const reader = requirePermission(services, 'leads:read');
  const editor = requirePermission(services, 'leads:edit');
  const { leads } = services;

  router.post('/contact', jsonOnly, json, leadPostHandler(services, 'contact'));
  router.post('/request-demo', jsonOnly, json, leadPostHandler(services, 'demo'));

  router.get('/admin/messages', reader, async (req, res) => {
    res.json(await leads.listContactMessages(parseListQuery(req)));
  });
  router.get('/admin/demo-requests', reader, async (req, res) => {
    res.json(await leads.listDemoRequests(parseListQuery(req)));
  });
  router.get('/admin/messages.csv', reader, async (req, res) => {
    sendCsv(res, 'contact-messages', toCsv(messageColumns, await leads.allContactMessages(parseListQuery(req).status)));
  });
  router.get('/admin/demo-requests.csv', reader, async (req, res) => {
    sendCsv(res, 'demo-requests', toCsv(demoColumns, await leads.allDemoRequests(parseListQuery(req).status)));
  });

  const patchStatus =
    (kind: LeadKind): RequestHandler =>
    async (req, res) => {
      const id = leadId(req.params.id);
      const parsed = patchSchema.safeParse(req.body);
      if (!parsed.success) throw invalidInput(parsed.error);
      const lead = await leads.setStatus(kind, id, parsed.data.status, actorOf(res));
      if (!lead) throw new HttpError(404, 'No such lead.');
      res.json(lead);
    };
  router.patch('/admin/messages/:id', editor, jsonOnly, json, patchStatus('contact'));
  router.patch('/admin/demo-requests/:id', editor, jsonOnly, json, patchStatus('demo'));

  // The inbox's Delete: to the trash (docs/trash-and-audit.md).
  const deleteLead =
    (kind: LeadKind): RequestHandler =>
    async (req, res) => {
      const id = leadId(req.params.id);
      if (!(await leads.remove(kind, id, actorOf(res)))) throw new HttpError(404, 'No such lead.');
      res.status(204).end();
    };
  router.delete('/admin/messages/:id', editor, deleteLead('contact'));
  router.delete('/admin/demo-requests/:id', editor, deleteLead('demo'));

  return router;
}
