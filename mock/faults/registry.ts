/**
 * Faults: each breaks one rule the way a real server might. `--fault NAME` switches one on; the
 * proofs in `test/proofs/` run the suite against each fault and require its rule to be reported failed.
 * Keyed by name, each naming the rule it breaks; a rule may have several faults.
 */
export interface FaultSpec {
  readonly name: string;
  /** The rule ID the suite must report failed when this fault is on. */
  readonly breaks: string;
  readonly does: string;
}

const f = (name: string, breaks: string, does: string): FaultSpec => ({ name, breaks, does });

export const FAULTS: readonly FaultSpec[] = [
  // Authentication and isolation
  f('auth-missing-accepted', 'CORE-AUTH-MISSING-401', 'a request without credentials is served as company A'),
  f('auth-any-secret', 'CORE-AUTH-INCORRECT-401', 'the key secret is not compared'),
  f('auth-malformed-400', 'CORE-AUTH-MALFORMED-401', 'a malformed Authorization header gets 400 instead of 401'),
  f('auth-revoked-accepted', 'CORE-AUTH-REVOKED-401', 'revoked keys keep working'),
  f('auth-401-body-wording', 'CORE-AUTH-401-BODY', "the core 401 says 'Unauthorised'"),
  f('auth-second-key-other-company', 'CORE-AUTH-KEY-SCOPE', "company A's second key reads company B's data"),
  f('isolation-read-leak', 'CORE-ISOLATION-READ', 'Inspect a contact ignores the company of the credentials'),
  f('isolation-write-leak', 'CORE-ISOLATION-WRITE', 'Edit contact ignores the company of the credentials'),
  // Hosts and content
  f('https-plain-http-served', 'CORE-HTTPS-ONLY', 'plain HTTP on the HTTPS port is served by the API'),
  f('wrong-host-serves-core', 'CORE-WRONG-HOST-404', 'the analytics host serves core paths'),
  f('json-content-type-html', 'CORE-JSON-UTF8', 'List contacts answers with Content-Type text/html'),
  // Method convention
  f('add-contact-not-persisted', 'CORE-METHOD-PUT-CREATES', 'PUT /contacts/add.json answers 201 but stores nothing'),
  f('post-creates-contact', 'CORE-METHOD-POST-CREATE-FAILS', 'POST /contacts/add.json creates a contact'),
  f('patch-edits-contact', 'CORE-METHOD-NO-PATCH', 'PATCH /contacts/edit/{id}.json edits the contact'),
  f('get-deletes-contact', 'CORE-METHOD-GET-SAFE', 'GET /contacts/delete/{id}.json deletes the contact'),
  // Envelopes
  f('collection-counters-strings', 'CORE-ENV-COLLECTION', 'collection counters are strings'),
  f('single-with-paging', 'CORE-ENV-SINGLE', 'Inspect a contact adds pagination fields'),
  f('ack-status-string', 'CORE-ENV-ACK', 'acknowledgements carry status as a string'),
  f('error-status-mismatch', 'CORE-ERR-ENVELOPE', 'error envelopes carry status 400 whatever the HTTP status'),
  // Pagination
  f('limit-not-applied', 'CORE-PAGE-LIMIT-ECHO', 'one item more than limit is returned'),
  f('default-limit-missing', 'CORE-PAGE-DEFAULTS', 'without limit, the response limit is 0'),
  f('page-number-always-1', 'CORE-PAGE-NUMBER', 'pageNumber is always 1'),
  f('page-count-off-by-one', 'CORE-PAGE-COUNT', 'pageCount is floor(itemsCount / limit) + 1'),
  f('page-walk-overlap', 'CORE-PAGE-WALK', 'each page after the first repeats the last item of the page before'),
  f('empty-items-count', 'CORE-PAGE-EMPTY', 'an empty result reports itemsCount 1'),
  f('limit-bound-not-enforced', 'CORE-PAGE-LIMIT-BOUNDS', 'limit above 1000 is applied and echoed'),
  f('page-zero-echoed', 'CORE-PAGE-PAGE-BOUNDS', 'page 0 is echoed as pageNumber 0'),
  // Contacts
  f('add-contact-200', 'CORE-CONTACT-ADD-201', 'Add contact answers 200'),
  f('edit-contact-201', 'CORE-CONTACT-EDIT-200', 'Edit contact answers 201 { status: 201 }'),
  f('edit-contact-overwrites-unsent', 'CORE-CONTACT-EDIT-PARTIAL', 'scalar fields not sent are emptied'),
  f('edit-contact-empty-ignored', 'CORE-CONTACT-EDIT-CLEAR-SCALAR', 'an empty string leaves a scalar field unchanged'),
  f('edit-contact-list-empty-ignored', 'CORE-CONTACT-EDIT-CLEAR-LIST', 'an empty string leaves a list property unchanged'),
  f('edit-contact-list-appends', 'CORE-CONTACT-EDIT-REPLACE-LIST', 'sent list entries are added to the existing ones'),
  f('edit-contact-404-message', 'CORE-CONTACT-EDIT-404', "an unknown contact answers 404 'Contact not found'"),
  f('edit-contact-406-no-data', 'CORE-CONTACT-EDIT-406', 'a 406 carries no field messages'),
  f('contact-length-off-by-one', 'CORE-CONTACT-FIELD-LENGTHS', 'field lengths accept one character more than the maximum'),
  f('externalurl-max-4', 'CORE-CONTACT-EXTERNALURL-MAX', 'ExternalUrl accepts 4 items'),
  f('contact-email-unchecked', 'CORE-CONTACT-EMAIL-VALID', 'ContactEmail is not validated'),
  f('contact-types-unchecked', 'CORE-CONTACT-FIELD-TYPES', 'country_id of the wrong type is accepted'),
  // Agents
  f('agent-id-integer', 'CORE-AGENT-ADD-201', 'the new agent id is an integer'),
  f('agent-missing-field-accepted', 'CORE-AGENT-ADD-406', 'an agent without pass is created'),
  f('agent-email-unchecked', 'CORE-AGENT-EMAIL-VALID', 'the agent email is not validated'),
  f('daily-limit-201', 'CORE-AGENT-DAILY-LIMIT', 'daily_price_limit 201 is accepted'),
  f('extension-9999-rejected', 'CORE-AGENT-EXTENSION-RANGE', 'extension 9999 is rejected'),
  f('extension-not-unique', 'CORE-AGENT-EXTENSION-UNIQUE', 'a used extension is accepted again'),
  f('call-number-id-zero', 'CORE-AGENT-CALL-NUMBER-ID', 'call_number_id 0 is accepted'),
  f('agent-max-ignored', 'CORE-AGENT-MAX-403', 'agents are created beyond the maximum'),
  // Groups and tags
  f('group-remove-message', 'CORE-GROUP-REMOVE-200', "the removal says 'Agent removed successfully.'"),
  f('group-remove-deletes-agent', 'CORE-GROUP-REMOVE-ONLY-MEMBERSHIP', 'removing a membership deletes the agent'),
  f('group-remove-unknown-group-200', 'CORE-GROUP-REMOVE-404', 'an unknown group answers 200'),
  f('tag-delete-keeps-tag', 'CORE-TAG-DELETE-200', 'Delete a tag answers 200 and keeps the tag'),
  f('tag-delete-unknown-200', 'CORE-TAG-DELETE-404', 'an unknown tag answers 200'),
  // Blacklist
  f('blacklist-unwrapped', 'CORE-BLACKLIST-ITEM', 'blacklist items lack the Blacklist key'),
  f('blacklist-ignores-type', 'CORE-BLACKLIST-FILTER-TYPE', 'the type filter is ignored'),
  f('blacklist-ignores-id', 'CORE-BLACKLIST-FILTER-ID', 'the id filter is ignored'),
  f('blacklist-ignores-number', 'CORE-BLACKLIST-FILTER-NUMBER', 'the public_number filter is ignored'),
  f('blacklist-ignores-country', 'CORE-BLACKLIST-FILTER-COUNTRY', 'the country_code filter is ignored'),
  // Call history
  f('call-dates-no-millis', 'CORE-CALLS-DATE-FORMAT', 'call dates come back without milliseconds'),
  f('calls-ignores-date_to', 'CORE-CALLS-FILTER-DATE', 'date_to is ignored'),
  f('calls-ignores-contact_id', 'CORE-CALLS-FILTER-CONTACT-ID', 'the contact_id filter is ignored'),
  f('calls-ignores-user_id', 'CORE-CALLS-FILTER-USER-ID', 'the user_id filter is ignored'),
  f('calls-ignores-type', 'CORE-CALLS-FILTER-TYPE', 'the type filter is ignored'),
  f('calls-ignores-status', 'CORE-CALLS-FILTER-STATUS', 'the status filter is ignored'),
  f('calls-ignores-tag_id', 'CORE-CALLS-FILTER-TAG-ID', 'the tag_id filter is ignored'),
  f('calls-ignores-call_id', 'CORE-CALLS-FILTER-CALL-ID', 'the call_id filter is ignored'),
  // List contacts
  f('contacts-ignores-country_id', 'CORE-CONTACTS-FILTER-COUNTRY', 'the country_id filter is ignored'),
  f('contacts-ignores-tag_id', 'CORE-CONTACTS-FILTER-TAG', 'the tag_id filter is ignored'),
  f('contacts-ignores-industry', 'CORE-CONTACTS-FILTER-INDUSTRY', 'the industry filter is ignored'),
  f('contacts-ignores-keyword', 'CORE-CONTACTS-FILTER-KEYWORD', 'the keyword filter is ignored'),
  // Countries
  f('countries-paginated', 'CORE-COUNTRIES-PLAIN-ARRAY', 'countries come in a collection envelope'),
  f('countries-honours-limit', 'CORE-COUNTRIES-NO-PAGING', 'limit cuts the countries array'),
  // Actions and recordings
  f('call-create-extra-body', 'CORE-CALL-CREATE-200', 'Make a call adds data to its success body'),
  f('call-create-offline-200', 'CORE-CALL-CREATE-403-OFFLINE', 'an offline agent is made to call'),
  f('call-create-busy-403', 'CORE-CALL-CREATE-409-BUSY', 'an agent in a call gets 403 instead of 409'),
  f('sms-no-funds-200', 'CORE-SMS-403-FUNDS', 'an account without funds sends SMS'),
  f('bulk-no-status', 'CORE-BULK-ACK', 'Contact actions answer without responseData.status'),
  f('recording-410-message', 'CORE-RECORDING-410', "a gone recording says 'Gone'"),
  // Rate limit
  f('rate-limit-59', 'CORE-RATE-60', 'the 60th request of a window gets 429'),
  f('rate-limit-off', 'CORE-RATE-429', 'requests over the limit are served'),
  f('rate-429-body', 'CORE-RATE-429-BODY', "the 429 says 'Rate limit exceeded'"),
  f('rate-no-reset-header', 'CORE-RATE-RESET-HEADER', 'the 429 has no X-ServiceAPI-ResetTime'),
  f('rate-per-key', 'CORE-RATE-PER-COMPANY', 'the budget is counted per key'),
  f('rate-no-recovery', 'CORE-RATE-RECOVERY', 'the window outlasts the announced reset threefold'),
];

const BY_NAME = new Map(FAULTS.map((spec) => [spec.name, spec]));

export function faultSpec(name: string): FaultSpec | undefined {
  return BY_NAME.get(name);
}

/** The faults switched on in one mock instance. Asking for an unregistered name is a defect of the mock. */
export class Faults {
  readonly #on: ReadonlySet<string>;

  constructor(names: Iterable<string> = []) {
    const on = new Set<string>();
    for (const name of names) {
      if (!BY_NAME.has(name)) throw new Error(`unknown fault ${JSON.stringify(name)}; see mock/faults/registry.ts`);
      on.add(name);
    }
    this.#on = on;
  }

  on(name: string): boolean {
    if (!BY_NAME.has(name)) throw new Error(`mock asks for unregistered fault ${name}`);
    return this.#on.has(name);
  }

  names(): string[] {
    return [...this.#on];
  }
}
