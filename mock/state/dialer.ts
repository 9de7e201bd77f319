/**
 * The Dialer's records of one company. Campaign fields beyond those the spec names (name, status, mode,
 * schedule_policy, calling_policy) are this mock's choice; see the route files for their shapes.
 * Disposition tags are the company's call tags (`Company.tags`), with their colour and lifecycle.
 */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed', 'deleted'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** The dialing modes the spec's group table names: "power and predictive dialing". */
export const CAMPAIGN_MODES = ['power', 'predictive'] as const;

/** A contact of a campaign's dialing list: the fields are this mock's choice (spec: not shown). */
export interface DialerCampaignContact {
  id: string;
  /** The core contact dialled, or null for a bare number. */
  contact_id: number | null;
  phone_number: string;
  status: 'pending' | 'called' | 'completed' | 'failed';
  attempts: number;
  seq: number;
}

export interface DialerCampaign {
  id: string;
  name: string;
  /** `deleted` once deleted; the record stays for reporting. */
  status: string;
  mode: string;
  /** ISO 8601 UTC. A missing export start resolves to it. */
  createdAt: string;
  updatedAt: string;
  schedule_policy: Record<string, unknown>;
  calling_policy: Record<string, unknown>;
  /** The dialing list, in creation order. */
  contacts: DialerCampaignContact[];
  /** Creation order across the company, the cursor's sort key. */
  seq: number;
}

export interface DialerState {
  campaigns: Map<string, DialerCampaign>;
  /** Next creation sequence number of any Dialer record of the company. */
  nextSeq: number;
  /** Areas the resource routes own (associations, buttons, scripts, surveys, exports); typed in their files. */
  resources: Record<string, unknown>;
}

export function emptyDialerState(): DialerState {
  return { campaigns: new Map(), nextSeq: 1, resources: {} };
}
