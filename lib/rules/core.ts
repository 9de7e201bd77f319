import { type Rule, observed, required } from './types.ts';

const S = {
  hosts: 'What the service does > Hosts',
  methods: 'What the service does > HTTP method conventions',
  envelopes: 'What the service does > Response envelopes',
  auth: 'Authentication',
  errors: 'Errors > Core API envelope',
  editContact: 'Endpoints > Core API > Edit contact',
  addContact: 'Endpoints > Core API > Add contact',
  contactFields: 'Resources and their fields > Contact',
  addAgent: 'Endpoints > Core API > Add an agent',
  agentFields: 'Resources and their fields > Agent',
  editAgent: 'Endpoints > Core API > Edit agent',
  removeMember: 'Endpoints > Core API > Remove agent from group',
  blacklist: 'Endpoints > Core API > List blacklist',
  deleteTag: 'Endpoints > Core API > Delete a tag',
  calls: 'Endpoints > Core API > Call history',
  contacts: 'Endpoints > Core API > List contacts',
  countries: 'Endpoints > Core API > List countries',
  actions: 'Endpoints > Core API > Action endpoints (POST)',
  paging: 'Endpoints > Pagination of core collections',
  limits: 'Limits',
  states: 'States and transitions',
} as const;

const VENDOR_PATH = 'The spec names the operation without a path; path and payload follow the vendor reference.';

const READ_BACK =
  'The spec shows no way to read one contact: it is read back with Inspect a contact (GET /contacts/show/{id}.json, vendor reference), its fields taken from responseData.Contact or, failing that, from responseData itself, and its lists (ContactNumber, ...) beside or among them; a read that fails, or that does not show a field the check compares, leaves the rule skipped with the reason, never failed.';

/** How the contact-list filter checks find their own contact, the same for every filter. */
const CONTACT_LISTED =
  'List item fields are not shown in the spec: the check looks for a contact of the run (made once for the core lane checks that only read it, with a name and an industry no other record has) by its id in the items, wrapped as in the vendor reference ({ Contact: { id } }) or bare ({ id }); items that show no id at all leave the rule skipped.';

/** How the contact-list filter checks keep an account's other contacts out of the reads without a keyword. */
const CONTACT_NARROWED =
  'What a keyword matches is not shown, so no read is narrowed by it: the contact gets an industry no other record has, and the reads are narrowed by the industry filter, which the spec shows and which that value matches under any reading (equal, prefix, substring, any case). How filters sent together combine is not shown either: a contact still listed for the value it does not match may be a target that joins filters with OR, so the filter is then asked alone, and only a contact listed there fails the rule (a list too long to tell leaves it skipped).';

const AGENT_PROBES =
  'Each probed value is one Add an agent; an agent a probe creates is deleted again (DELETE /agents/delete/{id}.json, vendor reference) before the answer is judged and before the next probe, so an account near its agent maximum is never pushed over it by the check; a 403 (the account is at its maximum) leaves the rule skipped, since no value can then be judged.';

/** How the stateful contact sequences scope what they judge, shared by the rules they judge. */
const SEQUENCE_MODEL =
  "The check runs random sequences of creates, edits, deletes, reads and lists (CC_SEQUENCES; a failing one is shrunk to the shortest that still fails, and replays with its seed and path), and judges each answer against a model holding only the sequence's own contacts. Each sequence gives its contacts one of two industries made for it alone, neither containing the other, so a filter on either matches the same contacts under any reading (equal, prefix, substring, any case) and no record of another check or client.";

/** Paths the stateful contact sequences take from the vendor reference. */
const STATE_PATHS =
  'The spec shows no path for a contact delete or for reading one contact, and no list item fields: the delete is DELETE /contacts/delete/{id}.json and items are read as { Contact: { id } } or { id } (vendor reference); items that show no id leave the rule skipped.';

export const CORE_RULES = [
  // Authentication
  required({ id: 'CORE-AUTH-MISSING-401', surface: 'core', section: S.auth, statement: 'A request without credentials gets 401.' }),
  required({
    id: 'CORE-AUTH-INCORRECT-401',
    surface: 'core',
    section: S.auth,
    statement: 'An unknown key ID, or a known key ID with a wrong secret, gets 401.',
    reading:
      "The error table's 401 row names missing, malformed and revoked credentials only, while Authentication 6 also names incorrect credentials and those of another project; the row is read as a summary of that fuller list, not an exception to it, so incorrect credentials must get 401 like the others.",
  }),
  required({
    id: 'CORE-AUTH-MALFORMED-401',
    surface: 'core',
    section: S.auth,
    statement: 'A malformed Authorization header (another scheme, undecodable base64, no colon) gets 401.',
  }),
  required({ id: 'CORE-AUTH-REVOKED-401', surface: 'core', section: S.auth, statement: 'A revoked key pair gets 401.' }),
  required({
    id: 'CORE-AUTH-401-BODY',
    surface: 'core',
    section: S.auth,
    statement: "A core 401 carries exactly { responseData: { status: 401, message: 'Unauthorized' } }.",
  }),
  required({
    id: 'CORE-AUTH-KEY-SCOPE',
    surface: 'core',
    section: S.auth,
    statement: 'The credentials alone decide the project: two key pairs of one project read the same data.',
    reading:
      'Another integration may write to the account between two reads, so two whole pages are never compared: the check creates a contact with the first key and an industry no other record has, finds it through List contacts filtered by that industry with limit 1000 (a failed prerequisite when the first key does not see it there), and requires the second key to read the same contact, and every record both reads hold, equal. What a keyword matches is not shown, so no read is narrowed by one; the industry filter is listed for List contacts, and a value only one contact has matches it under any reading (equal, prefix, substring, any case).',
  }),
  required({
    id: 'CORE-ISOLATION-READ',
    surface: 'core',
    section: S.auth,
    statement:
      "Another project's key never reads this project's data: asked for its identifiers it gets 401 or 404, and what it reads never holds a record this project's lists show.",
    reading:
      "Authentication 6 says credentials of another project give 401, while Authentication 3 says the credentials alone decide which project's data is read and that identifiers are scoped to a project, so project B's valid key asking for project A's identifier may be refused as foreign credentials (401) or looked up in project B, where no such identifier exists (404). Both statuses are accepted and the report names the one the target chose; under either, the body must hold none of project A's data and project B's lists must never hold project A's identifiers. Project B may also hold a record of its own under the same identifier (identifiers scoped to a project may overlap): a 200 showing none of project A's record is then accepted, and the report says so. The contact is read through Inspect a contact (vendor reference path and shape) and must first show its name to its own project; the list is List contacts with project B's key, narrowed by an industry only project A's contact has, with limit 1000, after project A's key has seen the contact in the same list (what a keyword matches is not shown, while the industry filter is listed and matches that value under any reading), and neither the contact's id nor its name may appear in it. Every contact the run read from project A's lists (the first page of 1000 among them, read by this check) is also looked for in what project B's key reads, its first page of 1000 included, so a record project A already had is compared too. A match on the id alone is project B's own record; a match on the id and every field the spec names that both reads show is a leak.",
  }),
  required({
    id: 'CORE-ISOLATION-WRITE',
    surface: 'core',
    section: S.auth,
    statement:
      "Another project's key never changes this project's data: an edit or a delete of its identifier gets 401 or 404, and the record is still there, as it was.",
    reading:
      "Credentials of another project give 401 (Authentication 6), yet identifiers are scoped to a project and the credentials alone pick it (Authentication 3), so an edit or a delete sent with project B's valid key for project A's identifier may be refused (401) or find no such record in project B (404); both are accepted, and under either the record must still exist and read back as it was. The spec names contact deletion (the Contacts group; DELETE deletes) without a path, so the delete is DELETE /contacts/delete/{id}.json and the read Inspect a contact, both as the vendor reference gives them. The contact is read with the project's own key before and after the foreign requests: a read before that fails or shows no name leaves the rule skipped, and a 404 after them is the record gone. When project B's key reads the identifier with 200 and shows some other record (identifiers that overlap across projects), nothing is sent, since it would change project B's own record, and the rule is skipped.",
  }),

  // Hosts, transport, content
  required({
    id: 'CORE-HTTPS-ONLY',
    surface: 'core',
    section: S.hosts,
    statement: 'Plain HTTP to the core host is rejected (the probe sends no credentials).',
  }),
  required({
    id: 'CORE-WRONG-HOST-404',
    surface: 'core',
    section: S.hosts,
    statement: 'A core path requested on another host (analytics, AI, CueCard) gets 404.',
  }),
  required({
    id: 'CORE-BASE-PATH',
    surface: 'core',
    section: S.hosts,
    statement:
      'The core API serves under the path prefix /api/, its paths carrying no version segment: the configured core URL ends in /api, and a core read under it is answered by the API.',
    reading:
      'Hosts gives {base_url} the path prefix /api/, and Versioning says the core API (version 1.7) carries no version segment in its paths, unlike the {ai_url} host with its /v1. A base path shows only in the URL a user configures, so the first half is judged on CC_BASE_URL itself (its path ends in /api: no prefix missing, no /v1 or /v1.7 after it), and the report says so; the second half asks the country list under it, which the API answers 200 with its responseData envelope.',
  }),
  required({
    id: 'CORE-JSON-UTF8',
    surface: 'core',
    section: S.hosts,
    statement: 'Core responses, success and error, are JSON: a JSON media type (UTF-8 when a charset is named) and a body that parses.',
    reading:
      'Hosts says responses are UTF-8 JSON, yet the error table documents 204 with no content and Authentication 7 a 403 whose body is an HTML page (an edge block, most often for a missing User-Agent, produced ahead of the API); the sentence is read as covering the bodies the API itself sends, so a bodiless 204 and an HTML edge-block 403 are not judged here, and every other core response must be JSON.',
  }),
  observed({
    id: 'CORE-ACCEPT-HEADER',
    surface: 'core',
    section: 'Endpoints',
    statement: 'A core GET without Accept: application/json may be rejected with 404 or 406; the report shows what the target did.',
  }),

  // Method convention
  required({
    id: 'CORE-METHOD-PUT-CREATES',
    surface: 'core',
    section: S.methods,
    statement: 'PUT creates: PUT /contacts/add.json succeeds and the contact then exists (Edit contact answers 200 for it, not 404).',
    reading:
      'The spec does not show the add answer: the new id is looked for in responseData.data.id (vendor reference) and in responseData.id, and an answer carrying it elsewhere or not at all leaves the rule skipped. Whether the contact exists is asked of Edit contact, whose path and 404 for an unknown contact the spec shows.',
  }),
  required({
    id: 'CORE-METHOD-POST-CREATE-FAILS',
    surface: 'core',
    section: S.methods,
    statement: 'A POST used to create does not work: POST /contacts/add.json is not 2xx and creates nothing.',
  }),
  required({
    id: 'CORE-METHOD-NO-PATCH',
    surface: 'core',
    section: S.methods,
    statement: 'PATCH is not used: PATCH on an edit path is not 2xx and changes nothing.',
    reading: READ_BACK,
  }),
  required({
    id: 'CORE-METHOD-GET-SAFE',
    surface: 'core',
    section: S.methods,
    statement: 'GET never modifies data: a GET to a delete path leaves the resource in place.',
    reading:
      "Probed on Delete a tag, the one core delete path the spec shows: a tag is added (PUT /tags/add.json, vendor reference; a failed prerequisite when that does not work), GET /tags/delete/{id}.json is sent, and then deleting the tag must not answer 404 (the spec's answer for a tag that is gone); any answer but 200 and 404 leaves the rule skipped.",
  }),

  // Envelopes and errors
  required({
    id: 'CORE-ENV-COLLECTION',
    surface: 'core',
    section: S.envelopes,
    statement: 'Collections answer responseData = { itemsCount, pageCount, pageNumber, limit, data: [...] }, counters integers.',
    reading:
      'The spec says some list endpoints return no paging fields, and calls three lists collections: Call history and List blacklist (paths shown) and List contacts (path not shown; the vendor reference path is judged unless it answers 404). Only those are judged; the agent, group, tag and number lists (vendor reference paths) are read and their envelope only noted.',
  }),
  required({
    id: 'CORE-ENV-SINGLE',
    surface: 'core',
    section: S.envelopes,
    source: 'vendor-reference',
    statement: 'A single resource (GET /contacts/show/{id}.json) sits directly in responseData, with no pagination fields.',
    reading:
      'Path and record shape come from the vendor reference: the read must succeed and show the contact id, in responseData.Contact.id or in responseData.id, or the rule is skipped; the verdict is that responseData carries no pagination field.',
  }),
  required({
    id: 'CORE-ENV-ACK',
    surface: 'core',
    section: S.envelopes,
    statement: 'Acknowledgements answer responseData = { status: <integer> }, optionally with data.',
    reading:
      "Response envelopes gives an acknowledgement as '{ status: <integer> }, optionally with data' and ties that status to nothing; only failures carry 'status: <integer equal to the HTTP status>' (Errors). Every success body the spec shows has the two equal, and each is judged by its endpoint's own rule (Edit contact's exactly { responseData: { status: 200 } } by CORE-CONTACT-EDIT-200); this rule judges the envelope of Edit contact's and Contact actions' acknowledgements, and whether their status equals the HTTP status is reported, never failed.",
  }),
  required({
    id: 'CORE-ERR-ENVELOPE',
    surface: 'core',
    section: S.errors,
    statement: 'Failures carry { responseData: { status, message } }, status an integer equal to the HTTP status, message a string.',
  }),

  // Pagination
  required({
    id: 'CORE-PAGE-LIMIT-ECHO',
    surface: 'core',
    section: S.paging,
    statement: 'A limit from 1 to 1000 is applied and echoed in limit; data never holds more items.',
  }),
  required({
    id: 'CORE-PAGE-DEFAULTS',
    surface: 'core',
    section: S.paging,
    statement: 'Without page the first page is returned; without limit the server default (1 to 1000) is echoed in limit.',
  }),
  required({ id: 'CORE-PAGE-NUMBER', surface: 'core', section: S.paging, statement: 'pageNumber is the 1-based page returned: the page asked for.' }),
  required({
    id: 'CORE-PAGE-COUNT',
    surface: 'core',
    section: S.paging,
    statement: 'pageCount is the number of pages for the current limit: ceil(itemsCount / limit).',
    reading: 'With no matches the spec does not say whether there are 0 or 1 pages; both are accepted.',
  }),
  required({
    id: 'CORE-PAGE-WALK',
    surface: 'core',
    section: S.paging,
    statement:
      'Walking pages 1..pageCount yields itemsCount items without duplicates, full pages before the last, and the last page has pageNumber = pageCount.',
  }),
  required({ id: 'CORE-PAGE-EMPTY', surface: 'core', section: S.paging, statement: 'When nothing matches, data is empty and itemsCount is 0.' }),
  required({
    id: 'CORE-PAGE-ITEMS-COUNT',
    surface: 'core',
    section: S.paging,
    statement:
      'itemsCount is the total number of matches over all pages, not the number of items on the page returned: one query answers the same itemsCount whatever its limit.',
    reading:
      'The check reads the call history with limit 1, with limit 5 and with limit 1 again; when the two limit-1 reads disagree the history changed meanwhile and nothing is judged, and with fewer than 2 calls there is nothing to tell the two counts apart.',
  }),
  required({
    id: 'CORE-PAGE-LIMIT-BOUNDS',
    surface: 'core',
    section: S.limits,
    statement: 'limit is 1 to 1000: values outside are rejected with an error envelope or clamped, never applied or echoed out of range.',
    reading:
      'The spec gives the range but not the answer to a value outside it; rejection (4xx in the error envelope) and clamping are both accepted. Probed on List blacklist, whose path the spec shows and for which it states the range itself.',
  }),
  required({
    id: 'CORE-PAGE-PAGE-BOUNDS',
    surface: 'core',
    section: S.limits,
    statement: 'page is at least 1: 0, negative or non-integer pages are rejected with an error envelope or answered as a page >= 1, never echoed below 1.',
    reading:
      'The spec gives the least page but not the answer to a page below it or not an integer; rejection (4xx with the error envelope) and correction to a page of at least 1 are both accepted. Probed on List blacklist, whose path the spec shows and for which it states the bound itself.',
  }),
  observed({
    id: 'CORE-PAGE-PAST-LAST',
    surface: 'core',
    section: S.paging,
    statement: 'Behaviour past the last page is not part of the contract; the report shows what the target did.',
  }),

  // Contacts
  required({ id: 'CORE-CONTACT-ADD-201', surface: 'core', section: S.addContact, statement: 'Add contact returns 201 on creation.' }),
  required({
    id: 'CORE-CONTACT-EDIT-200',
    surface: 'core',
    section: S.editContact,
    statement: 'A valid edit answers 200 with exactly { responseData: { status: 200 } }.',
  }),
  required({
    id: 'CORE-CONTACT-EDIT-PARTIAL',
    surface: 'core',
    section: S.editContact,
    statement: 'Only sent fields are updated; fields not sent keep their values.',
    reading: READ_BACK,
  }),
  required({
    id: 'CORE-CONTACT-EDIT-CLEAR-SCALAR',
    surface: 'core',
    section: S.editContact,
    statement: 'An empty string clears a scalar field.',
    reading: `${READ_BACK} A cleared field may read as an empty string, null, or not be shown at all; a field not sent must still be shown with its value, so a read that shows nothing cannot pass.`,
  }),
  required({
    id: 'CORE-CONTACT-EDIT-CLEAR-LIST',
    surface: 'core',
    section: S.editContact,
    statement: "An empty string for ContactNumber, ContactEmail, ContactsTag or ContactAttribute clears all of that property's data.",
    reading: `${READ_BACK} The contact is read before the edit too, and only the lists it then shows holding their entries are judged (an empty list or one no longer shown reads as cleared); a list never shown is noted as not judged, and when none is shown the rule is skipped.`,
  }),
  required({
    id: 'CORE-CONTACT-EDIT-REPLACE-LIST',
    surface: 'core',
    section: S.editContact,
    statement: 'Sending values for a list property keeps only the sent entries and clears all others.',
    reading: READ_BACK,
  }),
  required({
    id: 'CORE-CONTACT-EDIT-404',
    surface: 'core',
    section: S.editContact,
    statement: "Editing an unknown contact answers 404 with message 'Not found.'.",
  }),
  required({
    id: 'CORE-CONTACT-EDIT-406',
    surface: 'core',
    section: S.editContact,
    statement: "Invalid input answers 406 with message 'Invalid input data.' and responseData.data mapping each bad field to an array of messages.",
  }),
  required({
    id: 'CORE-CONTACT-FIELD-LENGTHS',
    surface: 'core',
    section: S.contactFields,
    statement: 'Contact string fields accept their maximum length and reject one more with 406 naming the field.',
    reading:
      'Every probe value is one the field takes on its own merits, so a refusal can only be for the length: an https URL for website, digits for zip, letters and digits for the free-text fields.',
  }),
  required({ id: 'CORE-CONTACT-EXTERNALURL-MAX', surface: 'core', section: S.contactFields, statement: 'ExternalUrl accepts 3 items and rejects 4 with 406.' }),
  required({
    id: 'CORE-CONTACT-EMAIL-VALID',
    surface: 'core',
    section: S.contactFields,
    statement: 'ContactEmail items must be valid e-mail addresses: an invalid one is rejected with 406.',
  }),
  required({
    id: 'CORE-CONTACT-FIELD-TYPES',
    surface: 'core',
    section: S.contactFields,
    statement: 'A field of the wrong type (country_id not an integer) is rejected with 406.',
  }),
  required({
    id: 'CORE-CONTACT-FAVORITE-AGENT-TYPE',
    surface: 'core',
    section: S.contactFields,
    statement: 'A favorite_agent that is not an integer is rejected with 406 naming the field.',
  }),
  required({
    id: 'CORE-CONTACT-TAGS-SEVERAL',
    surface: 'core',
    section: S.contactFields,
    statement: 'Several ContactsTag entries in one edit are accepted and the contact then carries every one of them.',
    reading:
      'The contact is read back on the vendor reference path GET /contacts/show/{id}.json, where tags are { name } items of ContactsTag; a view without that list cannot show the tags and is a failed prerequisite. The tags are created for the check (PUT /tags/add.json, vendor reference) and deleted afterwards, so the edit creates none by name.',
  }),
  required({
    id: 'CORE-CONTACT-ATTRIBUTE-ITEM',
    surface: 'core',
    section: S.contactFields,
    statement:
      'ContactAttribute items are { attribute_id: integer, value: string }: items of that shape are accepted and read back in it, and an item whose attribute_id is not an integer or whose value is not a string is refused with 406.',
    reading:
      'The spec gives the item shape in the contact edit payload; the check reads the items back on the vendor reference path GET /contacts/show/{id}.json and holds them to the same shape, accepting attribute_id as a JSON integer or as a string of digits, since the core API renders identifiers as strings elsewhere (the agent id, the vendor reference Contact.id). Attribute ids come from the vendor reference list GET /contacts/attributes.json; with fewer than 2 attributes in the account the check skips.',
  }),
  required({
    id: 'CORE-CONTACT-EXTERNALURL-ITEM',
    surface: 'core',
    section: S.contactFields,
    statement:
      'ExternalUrl items are { name: string, url: string }: an edit setting items of that shape is accepted with 200, and the contact read back shows every ExternalUrl item with string name and url, the sent ones among them with the values sent.',
    reading:
      "The contact edit payload table is the only place the spec types an ExternalUrl item ('item { name: string, url: string }'), and the spec shows no read of one contact, so the items are read back with Inspect a contact (GET /contacts/show/{id}.json, vendor reference) as the ExternalUrl list beside the contact's fields or among them. A read that shows no ExternalUrl property at all leaves the rule skipped, since a property the read does not show says nothing of its items (the vendor reference's Contact record also has an external_urls list of { external_system, external_url }, which is another property and is not read as this one); but an ExternalUrl the read does show is the same property the payload types, so each of its items must have that shape, and an item read back as { url } alone or as a plain string fails. The check sends two items with both keys on a contact of its own, with values no server rewrites (a short name, an https URL already in its normal form); Edit contact's replacing sentence does not name ExternalUrl, so items beyond the sent ones are not failed, only held to the shape.",
  }),
  required({
    id: 'CORE-CONTACT-NUMBER-ITEM',
    surface: 'core',
    section: S.contactFields,
    statement:
      'ContactNumber items are { public_number: string }: an edit setting numbers as strings is accepted with 200, and the contact read back shows every ContactNumber item with public_number a string, the sent numbers among them.',
    reading:
      "The contact edit payload table types the item as { public_number: string }, and the vendor reference's ContactNumberArray schema types it the same way (only its Inspect a contact example writes the number as a JSON number); the read back is Inspect a contact (GET /contacts/show/{id}.json, vendor reference), and a read that shows no ContactNumber property at all leaves the rule skipped. The Blacklist entry table types its own public_number as an integer: that is a field of another resource, where the spec's table and the vendor reference disagree and CORE-BLACKLIST-ITEM accepts both notations; it does not open this field, on which the spec and the vendor schema agree, so a number read back as a JSON number (420123456789) fails. The numbers sent are strings in E.164 form; the spec does not say a number is stored as written, so each is found among the items read back by its digits alone, whatever plus sign or spacing the target writes around them.",
  }),

  // Agents
  required({
    id: 'CORE-AGENT-ADD-201',
    surface: 'core',
    section: S.addAgent,
    statement: 'Adding an agent answers 201 { responseData: { status: 201, data: { id: <string> } } }.',
  }),
  required({
    id: 'CORE-AGENT-ADD-406',
    surface: 'core',
    section: S.addAgent,
    statement: "A missing required field (firstname, lastname, email, pass) answers 406 'Invalid input data.' with field messages.",
  }),
  required({
    id: 'CORE-AGENT-EMAIL-VALID',
    surface: 'core',
    section: S.agentFields,
    statement: 'The agent email must be an e-mail address: an invalid one gets 406.',
  }),
  required({
    id: 'CORE-AGENT-DAILY-LIMIT',
    surface: 'core',
    section: S.agentFields,
    statement: 'daily_price_limit accepts 1 to 200 inclusive and rejects values outside with 406.',
    reading: AGENT_PROBES,
  }),
  required({
    id: 'CORE-AGENT-EXTENSION-RANGE',
    surface: 'core',
    section: S.agentFields,
    statement: 'extension accepts 1000 to 9999 inclusive and rejects values outside with 406.',
    reading: `${AGENT_PROBES} Extensions the company already uses (read from the agent list, vendor reference) are not probed, since they would be refused for uniqueness.`,
  }),
  required({
    id: 'CORE-AGENT-EXTENSION-UNIQUE',
    surface: 'core',
    section: S.agentFields,
    statement: 'An extension already used in the company is rejected with 406 or 409.',
    reading: `The spec says an extension is unique across the company but gives no status for a duplicate: 406 (input validation failed, then with 'Invalid input data.' and the field named in responseData.data) and 409 (conflicts with current state, in the error envelope with any message) both fit its error table, both are accepted, and the report names the one the target used. ${AGENT_PROBES}`,
  }),
  required({
    id: 'CORE-AGENT-CALL-NUMBER-ID',
    surface: 'core',
    section: S.agentFields,
    statement: 'call_number_id below 1 is rejected with 406.',
    reading: AGENT_PROBES,
  }),
  required({
    id: 'CORE-AGENT-MAX-403',
    surface: 'core',
    section: S.addAgent,
    statement: "At the agent maximum, adding an agent answers 403 'Max. number of agents reached.'.",
  }),
  required({
    id: 'CORE-AGENT-STATUS-OUTBOUND-TYPE',
    surface: 'core',
    section: S.agentFields,
    statement: 'A status_outbound that is not a boolean is rejected on agent create with 406 naming the field.',
    reading:
      "The field table is the create payload's, so the rule is judged on PUT /agents/add.json only; the edit payload is not shown. The values sent ('maybe', 2) are ones no boolean coercion reads as true or false, so a server lenient with 'true' or 1 is not failed.",
  }),
  required({
    id: 'CORE-AGENT-DAILY-LIMIT-DEFAULT',
    surface: 'core',
    section: S.agentFields,
    source: 'vendor-reference',
    statement: 'An agent created without daily_price_limit is accepted, and the default that applies is a daily price limit from 1 to 200.',
    reading:
      "'When empty a default value applies' is read as: a create that omits the field is not refused, and the agent then has a limit that is a value of the field (1 to 200 EUR). An empty string or null is not sent, since either may be refused as the wrong type. The value is read back on the vendor reference agent list (Agent.daily_price_limit); a list that does not show the field, or shows it null, cannot show the default and leaves the value unjudged.",
  }),
  required({
    id: 'CORE-AGENT-EDIT-UPDATES',
    surface: 'core',
    section: S.editAgent,
    source: 'vendor-reference',
    statement: 'POST /agents/edit/{agentId}.json is the update operation for agents: an edit of an existing agent answers 2xx and the change reads back.',
    reading:
      "The spec shows the path and the method but not the payload: the check sends the vendor reference payload (the agent's firstname, lastname and email, with a new firstname) and reads the agent back on the vendor reference agent list. A 400 or 406 to that payload means the target expects a payload the spec does not show, a failed prerequisite; any other failure for an agent just created, or a 2xx that changes nothing, breaks the rule.",
  }),

  // Groups, tags
  required({
    id: 'CORE-GROUP-REMOVE-200',
    surface: 'core',
    section: S.removeMember,
    statement: "Removing an agent from a group answers 200 { responseData: { status: 200, data: { message: 'Agent deleted successfully.' } } }.",
  }),
  required({
    id: 'CORE-GROUP-REMOVE-ONLY-MEMBERSHIP',
    surface: 'core',
    section: S.removeMember,
    statement: 'Removing a membership deletes neither the agent nor the group.',
    reading:
      'The spec shows no agent or group list and no way to add a membership: the vendor reference paths are used, lists are read with or without paging fields and with records wrapped ({ Agent: {...} }) or bare, and the agent must be seen in the agent list before the removal, or the rule is skipped.',
  }),
  required({
    id: 'CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS',
    surface: 'core',
    section: S.removeMember,
    source: 'vendor-reference',
    statement: "Removing an agent from one group deletes that one membership only: the agent's memberships of other groups remain.",
    reading:
      'The spec shows no read of memberships. The check adds a new agent to two groups (PUT /groups/add.json, vendor reference) and counts members through the real-time group statistics, which the spec lists under Calls without a path (path and fields from the vendor reference: GET /statistics/realtime/groups.json, operators per group). The count is trusted only when adding the agent raised both groups by one and removing it from the first lowered that group by one; otherwise, as when the statistics count only agents online, nothing is judged.',
  }),
  required({ id: 'CORE-GROUP-REMOVE-404', surface: 'core', section: S.removeMember, statement: "A group that does not exist answers 404 'Not found.'." }),
  required({
    id: 'CORE-TAG-DELETE-200',
    surface: 'core',
    section: S.deleteTag,
    statement: 'Deleting a tag answers 200 { responseData: { status: 200 } } and the tag is gone.',
    reading:
      'The spec shows neither a way to add a tag nor a tag list: the tag is added and looked for with the vendor reference paths, its list read with or without paging fields and with items wrapped ({ Tag: {...} }) or bare; the tag must be seen in the list before its deletion, or the "gone" half cannot be judged and the rule is skipped with the answer judged so far as a note.',
  }),
  required({ id: 'CORE-TAG-DELETE-404', surface: 'core', section: S.deleteTag, statement: "Deleting an unknown tag answers 404 'Not found.'." }),

  // Blacklist
  required({
    id: 'CORE-BLACKLIST-ITEM',
    surface: 'core',
    section: S.blacklist,
    statement: 'Each blacklist data item is { Blacklist: { id, type, public_number } }, Blacklist its single key, with type all, incoming or outgoing.',
    reading:
      "The Blacklist entry table types public_number as an integer, while the same kind of number is a string in the Contact table's ContactNumber and in the vendor reference's blacklist entry; the difference is read as one of notation, not of content, so an integer and a string holding only digits are both accepted, and the report names the one the target used.",
  }),
  required({
    id: 'CORE-BLACKLIST-FILTER-TYPE',
    surface: 'core',
    section: S.blacklist,
    source: 'vendor-reference',
    statement: 'The type filter (vendor name `type`) returns only entries of that type.',
  }),
  required({
    id: 'CORE-BLACKLIST-FILTER-ID',
    surface: 'core',
    section: S.blacklist,
    source: 'vendor-reference',
    statement: 'The id filter (vendor name `id`) returns only that entry.',
  }),
  required({
    id: 'CORE-BLACKLIST-FILTER-NUMBER',
    surface: 'core',
    section: S.blacklist,
    source: 'vendor-reference',
    statement: 'The number filter (vendor name `public_number`) returns only entries with that number.',
  }),
  required({
    id: 'CORE-BLACKLIST-FILTER-COUNTRY',
    surface: 'core',
    section: S.blacklist,
    source: 'vendor-reference',
    statement: 'The country calling code filter (vendor name `country_code`) returns only numbers starting with that code.',
  }),

  // Call history
  required({ id: 'CORE-CALLS-DATE-FORMAT', surface: 'core', section: S.calls, statement: 'Call record date fields come back as YYYY-MM-DDTHH:MM:SS.000Z.' }),
  required({
    id: 'CORE-CALLS-FILTER-DATE',
    surface: 'core',
    section: S.calls,
    statement: 'date_from and date_to (YYYY-MM-DD HH:MM:SS, UTC) return only calls started inside the window.',
    reading: 'The spec does not name the call record field; the vendor reference field Cdr.started_at is compared, and the check skips when records lack it.',
  }),
  ...(
    [
      ['CORE-CALLS-FILTER-CONTACT-ID', 'contact_id'],
      ['CORE-CALLS-FILTER-USER-ID', 'user_id'],
      ['CORE-CALLS-FILTER-TYPE', 'type'],
      ['CORE-CALLS-FILTER-STATUS', 'status'],
      ['CORE-CALLS-FILTER-TAG-ID', 'tag_id'],
      ['CORE-CALLS-FILTER-CALL-ID', 'call_id'],
    ] as const
  ).map(([id, name]) =>
    required({
      id,
      surface: 'core',
      section: S.calls,
      source: 'vendor-reference',
      statement: `The ${name} filter returns only calls matching it.`,
      reading: 'Record fields are not shown in the spec; the vendor reference fields are compared, and the check skips when records lack them.',
    }),
  ),

  // Contacts list
  ...(
    [
      ['CORE-CONTACTS-FILTER-COUNTRY', 'country_id', CONTACT_NARROWED],
      ['CORE-CONTACTS-FILTER-TAG', 'tag_id', CONTACT_NARROWED],
      [
        'CORE-CONTACTS-FILTER-INDUSTRY',
        'industry',
        "The contact's industry is a value no other record has, and the value it must not match is another such value: the first matches it under any reading of the filter (equal, prefix, substring, any case), the second under none. A list too long to show whether the contact is left out leaves the rule skipped.",
      ],
    ] as const
  ).map(([id, name, narrowing]) =>
    required({
      id,
      surface: 'core',
      section: S.contacts,
      statement: `The ${name} filter of List contacts returns a matching contact and leaves out contacts that do not match.`,
      reading: `${CONTACT_LISTED} ${narrowing}`,
    }),
  ),
  required({
    id: 'CORE-CONTACTS-FILTER-KEYWORD',
    surface: 'core',
    section: S.contacts,
    statement: 'The keyword filter of List contacts leaves out a contact none of whose fields holds the keyword.',
    reading: `List contacts names keyword among its filters without saying which fields it searches or how it matches, so which contacts a keyword must find is not stated; what any keyword filter does is leave out a contact that holds the keyword nowhere. The keyword sent is letters that no field of the check's contact holds, nor any word of the run's names. ${CONTACT_LISTED} ${CONTACT_NARROWED} Which field finds the contact is CORE-CONTACTS-KEYWORD-NAME, reported only.`,
  }),
  observed({
    id: 'CORE-CONTACTS-KEYWORD-NAME',
    surface: 'core',
    section: S.contacts,
    statement: 'Whether the keyword filter of List contacts finds a contact by its whole name.',
    reading:
      "The spec does not say which fields a keyword searches, so a target whose keyword searches e-mail addresses, numbers or company names only is as conforming as one that searches names. The report says whether the check's contact is listed for its whole name as keyword, which matters beyond the rule: the cleanup command's --prefix narrows List contacts by keyword to find a run's contacts, and without a name match it must read the whole list.",
  }),

  // Countries
  required({
    id: 'CORE-COUNTRIES-PLAIN-ARRAY',
    surface: 'core',
    section: S.countries,
    statement: 'List countries returns a plain array inside responseData, with no paging fields.',
    reading:
      'The spec shows no country fields, so the items are not judged: the vendor reference wraps each in { Country: {...} }, and bare records are as good. The path is the vendor reference one (the spec shows none).',
  }),
  required({
    id: 'CORE-COUNTRIES-NO-PAGING',
    surface: 'core',
    section: S.countries,
    statement: 'List countries accepts no page or limit: with them the answer is still the whole, unpaged array (or a rejection).',
  }),

  // Actions
  required({
    id: 'CORE-CALL-CREATE-200',
    surface: 'core',
    section: S.actions,
    source: 'vendor-reference',
    statement: 'Make a call (POST /calls/create.json) succeeds with only { responseData: { status: 200 } }.',
    reading: VENDOR_PATH,
  }),
  required({
    id: 'CORE-CALL-CREATE-403-OFFLINE',
    surface: 'core',
    section: S.states,
    source: 'vendor-reference',
    statement: 'Make a call answers 403 when the target agent is not online.',
    reading: VENDOR_PATH,
  }),
  required({
    id: 'CORE-CALL-CREATE-409-BUSY',
    surface: 'core',
    section: S.states,
    source: 'vendor-reference',
    statement: 'Make a call answers 409 when the target agent is already in a call.',
    reading: VENDOR_PATH,
  }),
  required({
    id: 'CORE-SMS-403-FUNDS',
    surface: 'core',
    section: S.actions,
    source: 'vendor-reference',
    statement: 'Send sms (POST /sms/send.json) answers 403 when the account has insufficient funds.',
    reading: VENDOR_PATH,
  }),
  required({
    id: 'CORE-BULK-ACK',
    surface: 'core',
    section: S.actions,
    source: 'vendor-reference',
    statement: 'Contact actions (POST /bulk/contacts.json) is a POST action answering the acknowledgement envelope.',
    reading: `${VENDOR_PATH} The answer is 200 with responseData = { status: <integer> }, as the vendor reference shows; the spec ties an acknowledgement's status to the HTTP status nowhere, so the vendor example's status 200 is reported, not required.`,
  }),
  required({
    id: 'CORE-RECORDING-410',
    surface: 'core',
    section: S.actions,
    source: 'vendor-reference',
    statement: "A gone recording answers 410 with message 'Recording expired.' or 'Recording not found.'.",
    reading:
      'Recording path from the vendor reference (GET /calls/recording/{callId}.json); the check probes the oldest recorded calls and skips when none is gone.',
  }),
  required({
    id: 'CORE-RECORDING-410-CAUSE',
    surface: 'core',
    section: S.actions,
    source: 'vendor-reference',
    statement: "A call the call history shows as never recorded is not answered 410 'Recording expired.': a 410 for its recording says 'Recording not found.'.",
    reading:
      "The Action endpoints line gives a gone recording two messages, 'Recording expired.' and 'Recording not found.', and the error table's 410 row lists both, without tying either to a cause; the words of each are read as its cause: 'expired', a recording that existed and aged out, 'not found', a recording that is not there. A client can tell one cause only: call history records are not shown in the spec, and the vendor reference's Cdr.recorded ('Was call recorded?') says whether a call was recorded at all, a fact of the call that a later expiry does not change, so a call whose record shows recorded false has no recording that could have expired, and a 410 for it must say 'Recording not found.' (the vendor reference answers such a call 404 'Not found.', which passes too, since the spec says nothing of a recording that never existed; any other answer leaves the rule skipped with the status named). The other tie cannot be judged: neither the spec nor the vendor reference gives a retention period, so no age makes a recorded call's recording expired, and Delete call recording (vendor reference) removes a recording of any age, after which 'Recording not found.' is as right as 'Recording expired.' would be for an aged one; so a gone recording of a recorded call may carry either message (CORE-RECORDING-410). The check probes one call whose record shows recorded false (a record without the field, or with another value, is not probed, and the rule is skipped when the sample holds none), and a 404 for it is trusted only when the same recording path answered a recorded call 200 or 410, since a path the target does not serve would answer 404 too.",
  }),
  // Stateful sequences: the same facts after any sequence of writes, judged against a model (suites/core/contact-sequences.ts)
  required({
    id: 'CORE-STATE-LISTED',
    surface: 'core',
    section: S.contacts,
    source: 'vendor-reference',
    statement:
      'After any sequence of contact creates, edits and deletes, List contacts narrowed by an industry lists exactly the contacts that have that industry now: one created with it is listed, once; one deleted, or edited to another industry, is not.',
    reading: `List contacts is a collection with an industry filter (Endpoints > List contacts) whose itemsCount counts the matches over all pages (Pagination of core collections); DELETE deletes a resource (HTTP method conventions), so a deleted contact is no longer there to match, and an edit that sends another industry makes the contact match that value instead (Edit contact: only sent fields are updated). ${SEQUENCE_MODEL} Any page read (limit L, page P) must list no contact the model does not have with that industry, and none twice; a page that must hold every match (page 1 with L at least their number) must list each. How many items another page holds is the paging rules' (CORE-PAGE-*), not this one's. Two reads judge nothing, since their fact is a single step's: one that lists a contact that never had the industry asked for (a record not of the sequence, whose industries are its own, or one of the sequence's that never had it) is a filter not applied, CORE-CONTACTS-FILTER-INDUSTRY's; and one that lists or misses a contact wrongly where that contact, read with Inspect a contact (one request, made only then), shows the industry the list implies though its writes set another, agrees with what the target holds: the field's value is CORE-STATE-FIELDS' fact, or CORE-CONTACT-EDIT-PARTIAL's where an edit emptied a field it was not sent. ${STATE_PATHS}`,
  }),
  required({
    id: 'CORE-STATE-COUNT',
    surface: 'core',
    section: S.paging,
    source: 'vendor-reference',
    statement:
      "List contacts' itemsCount follows every write: after any sequence of contact creates, edits and deletes, a read narrowed by an industry whose one page holds every match answers itemsCount equal to the number of contacts that have that industry now.",
    reading: `itemsCount is the total number of matches over all pages (Pagination of core collections), and each read reports the matches of its moment, so a count that lags a write is wrong. ${SEQUENCE_MODEL} Only reads whose one page holds every match (page 1, limit at least their number) are judged, where the count of the page and the count of the matches are one number: how itemsCount and pageCount relate to the limit and the pages is judged by CORE-PAGE-ITEMS-COUNT and CORE-PAGE-COUNT, not here. A read that lists a contact that never had the industry, or lists or misses one whose industry the target holds otherwise than its writes set, judges nothing, as for CORE-STATE-LISTED; and a read that lists the wrong contacts (one it should not, one twice, or misses one) leaves the count to that rule, since a count that agrees with a wrong listing is the listing's fault: this rule's fact is a count that disagrees with a right listing. ${STATE_PATHS}`,
  }),
  required({
    id: 'CORE-STATE-FIELDS',
    surface: 'core',
    section: S.editContact,
    source: 'vendor-reference',
    statement:
      'Each contact field keeps the value of the last write that sent it, whatever edits of other fields follow: after any sequence of edits, Inspect a contact shows every field the sequence wrote at the value it last wrote.',
    reading: `Edit contact: only sent fields are updated, and fields not sent keep their values. CORE-CONTACT-EDIT-PARTIAL judges one edit after the add; this rule the fields written by edits, after any number of further edits, where a server that rebuilds a contact from its add, or from an older copy, loses a field written by an edit in between. Only fields whose last write was an edit are compared (what an add stores is CORE-CONTACT-EDIT-PARTIAL's). The sequence writes name, title, city and industry, each a text of its own and never empty, the add sending all four (names keep the run's prefix); so a field read back empty was emptied by a write that did not send it, which one edit after the add shows, and is left to CORE-CONTACT-EDIT-PARTIAL; a field showing an older value, or any other, fails here; the contact is read with Inspect a contact (GET /contacts/show/{id}.json, vendor reference), its fields taken from responseData.Contact or from responseData itself, and a field the read does not show leaves the rule skipped. Values are compared exactly: a target may not change what it stored. ${SEQUENCE_MODEL}`,
  }),
  required({
    id: 'CORE-STATE-LISTS',
    surface: 'core',
    section: S.editContact,
    source: 'vendor-reference',
    statement:
      'An entry an edit wrote to a contact list property (ContactNumber, ContactEmail, ContactsTag, ContactAttribute) stays until a later write sends that property again: after any sequence of edits of other fields and of the other list properties, Inspect a contact still shows it.',
    reading: `Edit contact: only sent fields are updated; for ContactNumber, ContactEmail, ContactsTag and ContactAttribute, sending values keeps only the sent entries and clears all others, and sending an empty string clears all of that property's data. So an edit that does not send a list property leaves it as it was, and one that sends another list property replaces that one only. A server that rebuilds a contact's lists from its add, or from an older copy, on every save still passes one edit read back, and loses the entries an edit wrote as soon as another edit follows. The rule judges that persistence only: each entry the last write of its property sent (one entry, or none for an empty string) is shown by every later read; whether entries beyond the sent ones are cleared is CORE-CONTACT-EDIT-REPLACE-LIST's and CORE-CONTACT-EDIT-CLEAR-LIST's, and several entries in one list CORE-CONTACT-TAGS-SEVERAL's, so a sequence sends one entry a list. Entries are compared as the list checks compare them: a number by its digits, an e-mail as sent, a tag by its name (only the names of tags the account has, from the tag list GET /tags/index.json, vendor reference, so no edit makes a tag), an attribute as attribute_id=value in text (ids from GET /contacts/attributes.json, vendor reference); a property the account gives no value for (no tag, no attribute) is not written. The contact is read with Inspect a contact (GET /contacts/show/{id}.json, vendor reference), its lists taken from responseData or responseData.Contact, and a list it does not show leaves the check skipped. ${SEQUENCE_MODEL}`,
  }),
  required({
    id: 'CORE-STATE-TAGGED',
    surface: 'core',
    section: S.contacts,
    source: 'vendor-reference',
    statement:
      "List contacts narrowed by a tag's tag_id lists each of the run's contacts whose last ContactsTag write gave it that tag, after any sequence of contact writes.",
    reading: `List contacts filters by tag_id (Endpoints > List contacts), and ContactsTag holds the tags of a contact, set by name (Edit contact: sending values keeps only the sent entries); so a contact an edit gave a tag matches that tag's id from then on. A server whose tag filter reads an index built when the contact was added passes a contact added with its tag, and misses one tagged by an edit. CORE-CONTACTS-FILTER-TAG judges the filter on a contact added with its tag; this rule contacts tagged by edits, after any sequence of writes. Only presence is judged: whether a contact that lost the tag drops out needs the list edits' replace (CORE-CONTACT-EDIT-REPLACE-LIST) to hold, and is not judged here. A contact missing from the read is read with Inspect a contact (one request, made only then): one that no longer shows the tag lost it in a later edit, which is CORE-STATE-LISTS' fact, and the read judges nothing. The tags are the first of the account's tag list (GET /tags/index.json, items { Tag: { id, name } }, vendor reference), so no edit makes a tag; an account with none leaves the rule skipped. The read is tag_id alone with limit 1000, since whether filters join with AND is not shown; a tag with more than one page of contacts leaves that read unjudged. ${SEQUENCE_MODEL} ${STATE_PATHS}`,
  }),
  required({
    id: 'CORE-STATE-BLACKLIST',
    surface: 'core',
    section: S.blacklist,
    source: 'vendor-reference',
    statement:
      "After any sequence of blacklist adds, edits and deletes, List blacklist narrowed by a number lists each of the run's entries that has that number now, shown with the number and type its last write set, and none of them that no longer has it or was deleted.",
    reading:
      "List blacklist filters by number, and each item is { Blacklist: { id, type, public_number } } (Endpoints > List blacklist; Blacklist entry); a list shows what matches at the time of the read, so an entry edited to another number matches its new number only and shows the type the edit set, and a deleted one matches nothing (DELETE deletes a resource: HTTP method conventions). A server whose search index is not updated on an edit or a delete still passes a filter read of entries nobody changed. The check runs random sequences of adds, edits and deletes of its own entries and reads narrowed by one of three fictional numbers a sequence uses (CC_SEQUENCES; a failing one is shrunk to the shortest that still fails, and replays with its seed and path). Only entries the sequence made are judged, by id: another client's entry with one of the numbers is left alone, since the spec says nothing of two entries with one number, and the model never makes two itself. A read that lists an entry that never had the number asked for (one of the sequence's, by the numbers it had; another client's, by the number it shows) is a filter not applied, judged by CORE-BLACKLIST-FILTER-NUMBER, so that read judges no entry as stale; only on a blacklist that holds nothing but entries of the sequence that all once had the number do a filter not applied and a stale index read alike, and such a read fails this rule beside the filter rule. The type filter is not used: an entry edited from one type to another and still listed under its old type reads the same as a type filter not applied, which is CORE-BLACKLIST-FILTER-TYPE's to judge. The spec shows no path or payload for adding, editing or deleting an entry, and no filter names: Add number to blacklist is PUT /blacklist/add.json { type, public_number }, Edit number on blacklist POST /blacklist/edit/{id}.json with the same payload, the delete DELETE /blacklist/delete/{id}.json, and the number filter public_number (vendor reference); an add or an edit to another number refused with 406 (another client may hold the number) leaves the check skipped.",
  }),
  required({
    id: 'CORE-STATE-TAGS',
    surface: 'core',
    section: S.deleteTag,
    source: 'vendor-reference',
    statement:
      "After any sequence of tag adds, renames and deletes, the tag list shows each of the run's tags that was not deleted, under the name its last write gave it.",
    reading:
      "A tag is identified by its id (Resources > Tag) and lives until Delete a tag removes it; a list shows what the account holds at the time of the read, so a tag that was renamed shows its new name, and one that was not deleted is still there. A server that lists tags from a copy refreshed only when one is added or deleted passes every add read back and shows a renamed tag under an old name. The check runs random sequences of adds, renames and deletes of its own tags (names with the run's prefix) and reads of the tag list (CC_SEQUENCES; a failing one is shrunk to the shortest that still fails, and replays with its seed and path), and judges only the sequence's tags, by id: the account's other tags, and what other clients do to them, never count. Whether a deleted tag is gone from the list is CORE-TAG-DELETE-200's to judge, not this rule's. A list read that is not the whole list (more than one page at limit 1000) judges the names of the tags it shows only. The spec shows no path or payload for adding, renaming or listing tags: Add a tag is PUT /tags/add.json { name }, Edit a tag POST /tags/edit/{id}.json { name }, and the list GET /tags/index.json with items { Tag: { id, name } } or bare { id, name } records, in a collection envelope or a plain list (vendor reference).",
  }),
  required({
    id: 'CORE-STATE-MEMBERSHIPS',
    surface: 'core',
    section: S.removeMember,
    source: 'vendor-reference',
    statement:
      "After any sequence of adds and removes of one agent's group memberships, each of its groups counts the agent as a member exactly while the last write of that membership was an add, a membership added again after its removal included.",
    reading:
      "A membership links one agent to one group (Resources > Group membership), and Remove agent from group deletes that one membership only; so a membership exists while its last write was an add, whatever adds and removes came before. A server that keeps a removed membership as a soft-deleted row that blocks adding it again answers every add and remove well, and counts the agent out of a group it was added back to. CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS judges that a remove from one group keeps the agent's other membership: a group is judged here only when no remove from another group came since its last add, so that fact stays with that rule. The check makes one agent of its own, picks the first two groups of the realtime group statistics, reads their member counts once before any membership, runs random sequences of adds and removes of the agent in those two groups with reads of the statistics (CC_SEQUENCES; a failing one is shrunk to the shortest that still fails, and replays with its seed and path), and judges each read: a group's count equals the first count plus one while the agent is a member. The spec shows no way to read memberships; the only read is the realtime group statistics' count per group (GET /statistics/realtime/groups.json, operators per group, vendor reference), a company-wide figure that another client's membership changes move too, so the check runs on a configured target only with group-sequences in CC_EFFECTS, where the user vouches that nothing else changes memberships meanwhile. Add an agent to a group is PUT /groups/add.json { group_id, agent_id } (vendor reference); a target whose statistics do not count the agent's first add leaves the rule skipped.",
  }),
  required({
    id: 'CORE-STATE-ISOLATION',
    surface: 'core',
    section: S.auth,
    source: 'vendor-reference',
    statement:
      "Another company's key never finds the run's contacts in List contacts, whatever creates and edits came before: its read narrowed by their industry lists none of them.",
    reading: `Authentication 3: the credentials alone pick the company whose data is read. CORE-ISOLATION-READ judges one contact, made and read once; this rule the same boundary after any sequence of writes, where a server whose index of edited records ignores the company still passes a single read. The other company's read is narrowed by one of the sequence's industries with limit 1000. Identifiers are scoped to a company and may overlap, so a listed item counts against the target by its name only, one of the names the sequence gave its contacts; items that show no name leave the rule skipped (list item fields are not shown; the vendor reference gives { Contact: { name } }). A read is judged only beside a contact of its industry that no write touched since its add (the sequence's last such read makes one when none is left): when that contact is listed too, the list ignores the company whatever the writes, which is CORE-ISOLATION-READ's fact, and the read judges nothing; when it is not, any of the run's contacts listed (an edited one) fails the rule. Runs only with CC_OTHER_KEY_ID; without it the step is never drawn and the rule is skipped. ${SEQUENCE_MODEL}`,
  }),
] as const satisfies readonly Rule[];
