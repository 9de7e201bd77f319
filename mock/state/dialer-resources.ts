import type { AssociationType, OutcomeKind } from '../../lib/dialer/outcomes.ts';
import type { Company } from './model.ts';

/**
 * The Dialer records other than campaigns, per company, kept under `company.dialer.resources` so the
 * campaign records stay as they are. Fields beyond those the spec names are this mock's choice
 * (GAP-DIALER-RECORD-FIELDS).
 */
export interface CallScript {
  id: string;
  name: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  /** Creation order across the company's Dialer records, the cursor's sort key. */
  seq: number;
}

export interface SurveyQuestion {
  text: string;
  options: string[];
}

export interface Survey {
  id: string;
  name: string;
  questions: SurveyQuestion[];
  createdAt: string;
  updatedAt: string;
  seq: number;
}

export interface Association {
  ref_id: number;
  type: AssociationType;
}

export interface DispositionButton {
  tag_id: number;
  outcome_kind: OutcomeKind;
  /** The tag's name and colour when the button was put: what a release before the undated change shows once the tag is deleted. */
  lastName: string;
  lastColor: string | null;
}

export interface ExportJob {
  id: string;
  campaignId: string;
  /** The filters as sent (before v1.0.21 they are not validated, so anything may be here). */
  filters: unknown;
  requestedAt: number;
  /** When the job ran; null while queued. */
  ranAt: number | null;
  /** The window the job exported: filled in when it runs. */
  window: { dateFrom: string; dateTo: string } | null;
}

export interface DialerResources {
  scripts: Map<string, CallScript>;
  surveys: Map<string, Survey>;
  associations: Map<string, Association[]>;
  buttons: Map<string, DispositionButton[]>;
  exports: Map<string, ExportJob>;
}

const KEY = 'scriptsSurveysButtonsExports';

/** The company's resource records, made empty on first use. */
export function resourcesOf(company: Company): DialerResources {
  const existing = company.dialer.resources[KEY] as DialerResources | undefined;
  if (existing) return existing;
  const made: DialerResources = { scripts: new Map(), surveys: new Map(), associations: new Map(), buttons: new Map(), exports: new Map() };
  company.dialer.resources[KEY] = made;
  return made;
}

/** The next creation sequence number of the company's Dialer records (shared with campaigns). */
export function nextSeq(company: Company): number {
  const seq = company.dialer.nextSeq;
  company.dialer.nextSeq += 1;
  return seq;
}
