/**
 * The customer portal page (`GET <origin>/customer_portal/<token>`): the link that
 * `GET /customers/{id}/portal_url` gives. No API key: the token, signed by the server and
 * valid 12 hours, is the credential (portal-token.ts). The page shows the customer's current
 * and projected usage (its first active subscription) and its invoices, rendered by the
 * report module.
 */
import type { Customer, Timestamp } from '@feecast/models';
import { isLeft } from 'fp-ts/lib/Either.js';
import { escapeHtml, portalDataFromUsage, renderPortalPage } from '../../report/index';
import { PORTAL_PREFIX, type PortalLinks } from '../http/portal-token';
import { newestFirst } from '../state/order';
import type { ServerState } from '../state/state';
import type { Operations } from './operations';
import { usageContext } from './usage-context';

/** An HTML answer. */
export interface PortalAnswer {
  readonly status: number;
  readonly html: string;
  /** Headers of the answer beyond the page's own (`WWW-Authenticate` on a 401). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A short page for an error: its title, and a sentence saying what to do. */
function errorPage(status: number, title: string, text: string): PortalAnswer {
  const safeTitle = escapeHtml(title);
  return {
    status,
    html: `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${safeTitle}</title></head><body><h1>${safeTitle}</h1><p>${escapeHtml(text)}</p></body></html>\n`,
  };
}

/** The customer a portal token names, or the page that refuses it. */
function customerOfToken(
  state: ServerState,
  token: string,
  now: Timestamp,
  links: PortalLinks,
): Customer | PortalAnswer {
  if (token === '') return errorPage(404, 'Not Found', 'There is no page here.');
  const check = links.check(token, now);
  if (check.kind === 'invalid') {
    return errorPage(403, 'Forbidden', 'This portal link is not valid; ask for a new one.');
  }
  if (check.kind === 'expired') {
    return {
      ...errorPage(401, 'Unauthorized', 'This portal link has expired; ask for a new one.'),
      headers: {
        'www-authenticate': 'Bearer realm="customer portal", error="invalid_token"',
      },
    };
  }
  const customer = state.customers.find((c) => c.svc_id === check.customerId);
  return customer ?? errorPage(404, 'Not Found', 'This customer no longer exists.');
}

/**
 * The portal page at `path`, or `undefined` when `path` is not a portal path. A method
 * other than GET or HEAD is a 405 page; a token this server did not sign (or that was
 * changed) a 403 page; an expired token a 401 page; an empty token, or a customer that no
 * longer exists, a 404 page; a customer without an active subscription a 404 page that says
 * so; an error of the usage operation a page with its status. Pure: `now`, `operations` and
 * the signer of tokens are given.
 *
 * @example
 * const token = links.token(customer.svc_id, now);
 * portalPage(state, { method: 'GET', path: `/customer_portal/${token}` }, now, defaultOperations, links);
 * // { status: 200, html: '<!DOCTYPE html>...Usage of Gavin Belson...<svg...' }
 */
export function portalPage(
  state: ServerState,
  request: { readonly method: string; readonly path: string },
  now: Timestamp,
  operations: Operations,
  links: PortalLinks,
): PortalAnswer | undefined {
  const { method, path } = request;
  if (!path.startsWith(PORTAL_PREFIX)) return undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    return errorPage(405, 'Method Not Allowed', 'Open this page with GET.');
  }
  const token = path.slice(PORTAL_PREFIX.length).replace(/\/$/, '');
  const customer = customerOfToken(state, token, now, links);
  if ('html' in customer) return customer;
  const subscription = state.subscriptions.find(
    (s) => s.external_customer_id === customer.external_id && s.status === 'active',
  );
  if (subscription === undefined) {
    return errorPage(404, 'No active subscription', 'This customer has no active subscription.');
  }
  const context = usageContext(state, customer, subscription, now);
  if (isLeft(context)) return errorPage(context.left.status, context.left.error, 'No usage.');
  const usage = operations.projectedUsage({ ...context.right, applyTaxes: true });
  if (isLeft(usage)) {
    return errorPage(usage.left.status, usage.left.error, 'The usage cannot be computed.');
  }
  const invoices = newestFirst(
    state.invoices.filter((i) => i.customer.svc_id === customer.svc_id && i.status !== 'draft'),
    (i) => i.created_at,
  );
  const page = renderPortalPage(
    portalDataFromUsage({
      customer,
      usage: usage.right.customer_projected_usage,
      invoices,
      generated_at: now,
    }),
  );
  if (isLeft(page)) return errorPage(500, 'Internal Server Error', page.left.message);
  return { status: 200, html: page.right };
}
