import type { CallAnalysis } from './analysis.js';
import type { DialerState } from './dialer.js';
import type { VoiceAgentRecord } from './voice-agents.js';

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
  external_urls: { name: string; url: string }[];
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
  country_code: number;
  area_code: number;
  internal_name: string;
  caller_id_e164: string;
  is_redirected: boolean;
  connected_to: number;
  source_id: number;
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
