import type { CallAnalysis } from './analysis.ts';
import type { DialerState } from './dialer.ts';
import type { VoiceAgentRecord } from './voice-agents.ts';

/** The mock's in-memory records. Identifiers are unique across companies; every lookup is scoped to one. */

export type Presence = 'online' | 'offline' | 'paused' | 'calling';

export interface Agent {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  pass: string;
  status_outbound: boolean;
  daily_price_limit: number;
  extension: number | null;
  call_number_id: number | null;
  availability_status: Presence;
}

export interface Group {
  id: number;
  internal_name: string;
}

export interface Tag {
  id: number;
  name: string;
  /** Colour of the call tag as a disposition; null for a tag without colour. */
  color: string | null;
  /** Removed while calls carried it: kept for those calls, treated like deleted wherever a disposition is picked. */
  archived: boolean;
}

export interface Contact {
  id: number;
  name: string;
  title: string;
  company: string;
  industry: string;
  website: string;
  address: string;
  city: string;
  zip: string;
  state: string;
  country_id: number | null;
  favorite_agent: number | null;
  /** The name is optional: neither the spec nor the vendor reference requires it. */
  external_urls: { name?: string; url: string }[];
  numbers: string[];
  emails: string[];
  /** Tag ids of the company. */
  tags: number[];
  attributes: { attribute_id: number; value: string }[];
  created: string;
  modified: string;
}

export type BlacklistType = 'all' | 'incoming' | 'outgoing';

export interface BlacklistEntry {
  id: number;
  type: BlacklistType;
  /** Digits with the country calling code, an integer as the spec's Blacklist table has it. */
  public_number: number;
}

export interface CallNumber {
  id: number;
  /** false once Unregister a number cleared its route: it is free, with no connected_to or source_id. */
  routed: boolean;
  country_code: number;
  area_code: number;
  internal_name: string;
  caller_id_e164: string;
  is_redirected: boolean;
  connected_to: number;
  source_id: number;
}

/** A note on a contact (vendor reference: ContactNote). */
export interface Note {
  id: number;
  contact_id: number;
  /** The agent the note is assigned to, if any. */
  user_id: number | null;
  note: string;
  created: string;
}

export const ACTIVITY_TYPES = ['order', 'task', 'chat', 'ticket', 'other', 'invoice', 'proforma', 'estimate', 'cancel'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** An activity in a contact's history (vendor reference: ContactActivity). */
export interface Activity {
  id: number;
  contact_id: number;
  type: ActivityType;
  name: string;
  description: string;
  activity_author: string;
  external_id: number | null;
  external_url: string;
  activity_date: string;
  created: string;
}

export const BUTTON_TYPES = ['successful_positive', 'successful_negative', 'rescheduled', 'unsuccessful_call_again', 'unsuccessful_do_not_call'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

export interface CampaignButton {
  id: number;
  title: string;
  type: ButtonType;
  color: string;
  description: string;
}

/** A core (power and predictive dialing) campaign, as the vendor reference's campaign endpoints show it. */
export interface CoreCampaign {
  id: number;
  name: string;
  status: 'active' | 'inactive';
  has_schedule_date: boolean;
  schedule_start_date: string | null;
  schedule_start_time: string | null;
  answer_wait_time: number;
  after_call_dialing_auto: boolean;
  after_call_time: number;
  is_recording: boolean;
  call_number_id: number | null;
  call_script_id: number | null;
  survey_id: number | null;
  is_predictive: 0 | 1;
  calls_percentage: number;
  attempts: number;
  attempts_interval: number;
  buttons: CampaignButton[];
  /** Tag, group and agent ids of the company. */
  tagIds: number[];
  groupIds: number[];
  agentIds: number[];
}

export type RecordingState = 'none' | 'available' | 'expired' | 'deleted';

export interface Call {
  id: number;
  /** The call's UUID (analytics call details; CueCard addresses a live call by it). */
  uuid: string;
  type: 'incoming' | 'outgoing' | 'internal';
  /** Epoch ms; rendered as YYYY-MM-DDTHH:MM:SS.000Z. */
  startedAt: number;
  answeredAt: number | null;
  endedAt: number;
  waitingTime: number;
  wrapupTime: number;
  userId: number;
  contactId: number | null;
  tagIds: number[];
  publicExternal: string;
  publicInternal: string;
  recording: RecordingState;
}

export interface Company {
  id: number;
  name: string;
  agentMax: number;
  smsFunds: boolean;
  agents: Map<number, Agent>;
  groups: Map<number, Group>;
  /** `${agentId}:${groupId}` */
  memberships: Set<string>;
  tags: Map<number, Tag>;
  contacts: Map<number, Contact>;
  attributes: { id: number; title: string }[];
  blacklist: Map<number, BlacklistEntry>;
  notes: Map<number, Note>;
  activities: Map<number, Activity>;
  campaigns: Map<number, CoreCampaign>;
  numbers: Map<number, CallNumber>;
  calls: Map<number, Call>;
  /** Conversation Intelligence per call id, made on first read (null: the call has no analysis). */
  analyses: Map<number, CallAnalysis | null>;
  voiceAgents: Map<string, VoiceAgentRecord>;
  /** Calls in progress by UUID, and the agent on each: an agent with presence `calling` has one. */
  activeCalls: Map<string, number>;
  /** The emergency stop of outbound VoiceAgent dialing is on. */
  voiceAgentDialingStopped: boolean;
  dialer: DialerState;
}

export interface ApiKey {
  id: string;
  secret: string;
  companyId: number;
  revoked: boolean;
  label: string;
}

export interface MockState {
  /** The data seed: records made lazily (analyses) derive from it, so a seed replays them too. */
  seed: number;
  companies: Map<number, Company>;
  keys: Map<string, ApiKey>;
  /** Next identifier per record kind, shared by all companies. */
  sequences: Map<string, number>;
}

export function nextId(state: MockState, kind: string): number {
  const next = (state.sequences.get(kind) ?? 1) + 0;
  state.sequences.set(kind, next + 1);
  return next;
}
