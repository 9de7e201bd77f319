import {
  ANOTHER_PROJECT_ACCEPTED,
  ANOTHER_PROJECT_QUOTE,
  ANOTHER_PROJECT_TAKEN,
  configuredBase,
  JSON_BODIES_ACCEPTED,
  JSON_BODIES_QUOTE,
  JSON_BODIES_TAKEN,
} from './readings.ts';
import { type Rule, type RuleReading, observed, required } from './types.ts';

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

/** The spec's words that the readings below start from, where several quote them. */
const Q = {
  actionsNotShown: 'Paths and payloads of Make a call, Send sms and Contact actions: not shown.',
  agentInCall: 'Agent in a call: Make a call returns `409` when the target agent is already in a call and `403` when the target agent is not online.',
  ack: 'Action or simple acknowledgement: `responseData` = `{ status: <integer> }`, optionally with `data`.',
  onlySent: 'Semantics: only sent fields are updated.',
  lists:
    "For `ContactNumber`, `ContactEmail`, `ContactsTag`, `ContactAttribute`: sending an empty string clears all of that property's data; sending values keeps only the sent entries and clears all others.",
  listContacts: 'Collection endpoint with filters `country_id`, `tag_id`, `industry`, `keyword`, plus `limit` and `page`.',
  itemsNotShown: 'Response record fields of call history and contact list items: not shown.',
  itemsCount: '`itemsCount` (total matches over all pages)',
  pageBounds: '`limit` integer 1 to 1000 (maximum items in `data`); `page` integer at least 1.',
  tagDeleted: 'Responses: `200` `{ responseData: { status: 200 } }`; `404` message `Not found.`',
  oneMembership: 'Deletes one membership only; neither the agent nor the group is deleted.',
  extension: 'four digits, 1000 to 9999 inclusive, unique across the whole company',
  recording: 'Recording retrieval returns `410` with message `Recording expired.` or `Recording not found.` when the recording is gone.',
  tags: 'tags of the contact, several allowed; item `{ name: string }`',
} as const;

/** A rule whose statement is the spec's own, on a path the spec does not show. */
function onVendorPath(quote: string, operation: string): RuleReading {
  return {
    quote: `${quote} … ${Q.actionsNotShown}`,
    taken: `The spec gives what ${operation} answers but not how to call it, so the answer is judged as the spec states it.`,
    method: VENDOR_PATH,
  };
}

/** How a contact is read back: the spec shows no read of one contact. */
const INSPECT =
  'The contact is read with Inspect a contact (GET /contacts/show/{id}.json, vendor reference), its fields taken from responseData.Contact or, failing that, from responseData itself.';

const READ_BACK = `The spec shows no way to read one contact. ${INSPECT} Its lists (ContactNumber and the others) are taken beside the fields or among them. A read that fails, or that does not show a field the check compares, leaves the rule skipped with the reason, never failed.`;

/** How the contact-list filter checks find their own contact, the same for every filter. */
const CONTACT_LISTED =
  'List item fields are not shown in the spec. The check looks for a contact of the run by its id in the items, wrapped as in the vendor reference ({ Contact: { id } }) or bare ({ id }). That contact is made once for the core lane checks that only read it, with a name and an industry no other record has. Items that show no id at all leave the rule skipped.';

/** How the contact-list filter checks keep an account's other contacts out of the reads without a keyword. */
const CONTACT_NARROWED =
  "What a keyword matches is not shown, so no read is narrowed by it. The reads are narrowed by the industry filter instead, which the spec shows; the contact's own industry matches it under any reading (equal, prefix, substring, any case).";

/** How filters sent together combine is not shown: a filter that seems to fail is asked again alone. */
const CONTACT_ALONE =
  'How filters sent together combine is not shown. A contact still listed for a value it does not match may come from a target that joins filters with OR. So the filter is then asked alone, and only a contact listed there fails the rule; a list too long to tell leaves it skipped.';

const AGENT_PROBES =
  'Each probed value is one Add an agent. An agent a probe creates is deleted again (DELETE /agents/delete/{id}.json, vendor reference) before the answer is judged and before the next probe. So the check never pushes an account near its agent maximum over it. A 403 (the account is at its maximum) leaves the rule skipped, since no value can then be judged.';

/** How a failing random sequence is reported, for every stateful check. */
const SHRUNK = 'A failing sequence is shrunk to the shortest that still fails, and replays with its seed and path.';

/** How the stateful contact sequences scope what they judge, shared by the rules they judge. */
const SEQUENCE_MODEL = `The check runs random sequences of creates, edits, deletes, reads and lists (CC_SEQUENCES). ${SHRUNK} Each answer is judged against a model holding only the sequence's own contacts. Each sequence gives its contacts one of two industries made for it alone, neither containing the other. So a filter on either matches the same contacts under any reading (equal, prefix, substring, any case), and no record of another check or client.`;

/** Paths the stateful contact sequences take from the vendor reference. */
const STATE_PATHS =
  'The spec shows no path for a contact delete or for reading one contact, and no list item fields. The delete is DELETE /contacts/delete/{id}.json, and items are read as { Contact: { id } } or { id } (vendor reference). Items that show no id leave the rule skipped.';

export const CORE_RULES = [
  // Authentication
  required({ id: 'CORE-AUTH-MISSING-401', surface: 'core', section: S.auth, statement: 'A request without credentials gets 401.' }),
  required({
    id: 'CORE-AUTH-INCORRECT-401',
    surface: 'core',
    section: S.auth,
    statement: 'An unknown key ID, or a known key ID with a wrong secret, gets 401.',
    reading: {
      quote: 'credentials missing, malformed, revoked … Missing, incorrect, malformed or revoked credentials, or credentials of another project, give `401`.',
      taken:
        "The error table's 401 row names missing, malformed and revoked credentials only. Authentication 6 also names incorrect credentials and those of another project. The row is read as a summary of that fuller list, not an exception to it. So incorrect credentials must get 401 like the others.",
    },
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
    reading: {
      quote: "The credentials alone decide which project's data is read or written; the host selects only the API service.",
      taken:
        "Two key pairs of one project must read the same data. Another integration may write to the account between two reads, so two whole pages are never compared. The second key must read the check's own contact, and every record both reads hold, equal.",
      method:
        'The check creates a contact with the first key and an industry no other record has. It finds it through List contacts filtered by that industry, with limit 1000; a first key that does not see it there is a failed prerequisite. What a keyword matches is not shown, so no read is narrowed by one. The industry filter is listed for List contacts, and a value only one contact has matches it under any reading (equal, prefix, substring, any case).',
    },
  }),
  required({
    id: 'CORE-ISOLATION-READ',
    surface: 'core',
    section: S.auth,
    statement:
      "Another project's key never reads this project's data: asked for its identifiers it gets 401 or 404, and what it reads never holds a record this project's lists show.",
    reading: {
      quote: ANOTHER_PROJECT_QUOTE,
      taken: `${ANOTHER_PROJECT_TAKEN} Under either, the body must hold none of project A's data, and project B's lists must never hold project A's identifiers.`,
      accepted: `${ANOTHER_PROJECT_ACCEPTED} Project B may also hold a record of its own under the same identifier, since identifiers scoped to a project may overlap. A 200 showing none of project A's record is then accepted, and the report says so.`,
      method:
        "The contact is read through Inspect a contact (vendor reference path and shape), and must first show its name to its own project. The list is List contacts with project B's key and limit 1000, narrowed by an industry only project A's contact has. Project A's key must first have seen the contact in the same list. What a keyword matches is not shown, while the industry filter is listed and matches that value under any reading. Neither the contact's id nor its name may appear in project B's list. Every contact the run read from project A's lists is also looked for in what project B's key reads. Project A's first page of 1000, read by this check, is among them, and so is project B's, so a record project A already had is compared too. A match on the id alone is project B's own record. A match on the id and every field the spec names that both reads show is a leak.",
    },
  }),
  required({
    id: 'CORE-ISOLATION-WRITE',
    surface: 'core',
    section: S.auth,
    statement:
      "Another project's key never changes this project's data: an edit or a delete of its identifier gets 401 or 404, and the record is still there, as it was.",
    reading: {
      quote: ANOTHER_PROJECT_QUOTE,
      taken:
        "Credentials of another project give 401 (Authentication 6), yet identifiers are scoped to a project and the credentials alone pick it (Authentication 3). So an edit or a delete sent with project B's valid key for project A's identifier may be refused (401), or find no such record in project B (404). Under either, the record must still exist and read back as it was.",
      accepted: 'Either 401 or 404.',
      method:
        "The spec names contact deletion (the Contacts group; DELETE deletes) without a path. The delete is DELETE /contacts/delete/{id}.json and the read Inspect a contact, both as the vendor reference gives them. The contact is read with the project's own key before and after the foreign requests. A read before them that fails or shows no name leaves the rule skipped; a 404 after them is the record gone. Project B's key may read the identifier with 200 and show some other record, since identifiers overlap across projects. Then nothing is sent, since it would change project B's own record, and the rule is skipped.",
    },
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
    reading: {
      quote:
        'core API (calls, contacts, agents, groups, tags, blacklist, and so on); path prefix `/api/` … The core API is version 1.7; its paths carry no version segment.',
      taken: `Hosts gives {base_url} the path prefix /api/. Versioning says the core API (version 1.7) carries no version segment in its paths, unlike the {ai_url} host with its /v1. ${configuredBase('CC_BASE_URL', 'the first half')}`,
      method:
        'The path of CC_BASE_URL must end in /api: no prefix missing, no /v1 or /v1.7 after it. The second half asks the country list under it, which the API answers 200 with its responseData envelope.',
    },
  }),
  required({
    id: 'CORE-JSON-UTF8',
    surface: 'core',
    section: S.hosts,
    statement: 'Core responses, success and error, are JSON: a JSON media type (UTF-8 when a charset is named) and a body that parses.',
    reading: {
      quote: JSON_BODIES_QUOTE,
      taken: JSON_BODIES_TAKEN,
      accepted: `${JSON_BODIES_ACCEPTED} The edge block most often answers a missing User-Agent.`,
    },
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
    reading: {
      quote:
        'create a resource (for example `PUT /agents/add.json`, `PUT /contacts/add.json`) … Returns `201` on creation. Payload and response shape for this endpoint are listed in the gap list below.',
      taken:
        'The spec does not show the add answer, so the new id is looked for where the vendor reference puts it and where a single resource would be. Whether the contact exists is asked of Edit contact, whose path and 404 for an unknown contact the spec shows.',
      accepted: 'The new id in responseData.data.id (vendor reference) or in responseData.id.',
      method: 'An answer carrying the id elsewhere, or not at all, leaves the rule skipped.',
    },
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
    reading: {
      quote: 'PATCH is not used by the core API.',
      taken: 'Not used is read as not working: PATCH on an edit path is not 2xx, and the contact reads back unchanged.',
      method: READ_BACK,
    },
  }),
  required({
    id: 'CORE-METHOD-GET-SAFE',
    surface: 'core',
    section: S.methods,
    statement: 'GET never modifies data: a GET to a delete path leaves the resource in place.',
    reading: {
      quote: `read and query; never modifies data … ${Q.tagDeleted}`,
      taken:
        "Probed on Delete a tag, the one core delete path the spec shows. After a GET to that path, deleting the tag must not answer 404, the spec's answer for a tag that is gone.",
      method:
        'The tag is added with PUT /tags/add.json (vendor reference); a failed prerequisite when that does not work. Then GET /tags/delete/{id}.json is sent, then the delete. Any answer to the delete but 200 and 404 leaves the rule skipped.',
    },
  }),

  // Envelopes and errors
  required({
    id: 'CORE-ENV-COLLECTION',
    surface: 'core',
    section: S.envelopes,
    statement: 'Collections answer responseData = { itemsCount, pageCount, pageNumber, limit, data: [...] }, counters integers.',
    reading: {
      quote:
        'Collection: `responseData` = `{ itemsCount, pageCount, pageNumber, limit, data: [ ... ] }`. … Pagination is per endpoint; some list endpoints return no paging fields.',
      taken:
        'Some list endpoints return no paging fields, so only the three lists the spec calls collections are judged. They are Call history and List blacklist, whose paths it shows, and List contacts, whose path it does not. The agent, group, tag and number lists are read and their envelope only noted.',
      method:
        'List contacts is read on the vendor reference path, and judged unless it answers 404. The agent, group, tag and number lists are read on vendor reference paths.',
    },
  }),
  required({
    id: 'CORE-ENV-SINGLE',
    surface: 'core',
    section: S.envelopes,
    source: 'vendor-reference',
    statement: 'A single resource (GET /contacts/show/{id}.json) sits directly in responseData, with no pagination fields.',
    reading: {
      quote: 'Single resource: `responseData` holds the resource object directly, with no pagination fields.',
      taken:
        'The verdict is that responseData carries no pagination field. The read must first succeed and show the contact id, in responseData.Contact.id or in responseData.id, or the rule is skipped.',
      method: 'Path and record shape come from the vendor reference.',
    },
  }),
  required({
    id: 'CORE-ENV-ACK',
    surface: 'core',
    section: S.envelopes,
    statement: 'Acknowledgements answer responseData = { status: <integer> }, optionally with data.',
    reading: {
      quote: `${Q.ack} … Failures carry \`{ responseData: { status: <integer equal to the HTTP status>, message: <string> } }\`.`,
      taken:
        "Response envelopes ties an acknowledgement's status to nothing; only failures carry a status equal to the HTTP status (Errors). Every success body the spec shows has the two equal, and each is judged by its endpoint's own rule. Edit contact's exact { responseData: { status: 200 } }, for one, is CORE-CONTACT-EDIT-200's.",
      accepted: 'An acknowledgement whose status differs from the HTTP status: that is reported, never failed.',
      method: "This rule judges the envelope of Edit contact's and Contact actions' acknowledgements.",
    },
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
    reading: {
      quote: '`pageCount` (pages for the current limit)',
      taken: 'With no matches the spec does not say whether there are 0 or 1 pages.',
      accepted: 'pageCount 0 or 1 when nothing matches.',
    },
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
    reading: {
      quote: Q.itemsCount,
      taken: 'itemsCount counts the matches over all pages, so the page size must not change it.',
      method:
        'The check reads the call history with limit 1, with limit 5 and with limit 1 again. When the two limit-1 reads disagree, the history changed meanwhile and nothing is judged. With fewer than 2 calls there is nothing to tell the two counts apart.',
    },
  }),
  required({
    id: 'CORE-PAGE-LIMIT-BOUNDS',
    surface: 'core',
    section: S.limits,
    statement: 'limit is 1 to 1000: values outside are rejected with an error envelope or clamped, never applied or echoed out of range.',
    reading: {
      quote: Q.pageBounds,
      taken: 'The spec gives the range but not the answer to a value outside it.',
      accepted: 'Rejection (4xx in the error envelope), or clamping.',
      method: 'Probed on List blacklist, whose path the spec shows and for which it states the range itself.',
    },
  }),
  required({
    id: 'CORE-PAGE-PAGE-BOUNDS',
    surface: 'core',
    section: S.limits,
    statement: 'page is at least 1: 0, negative or non-integer pages are rejected with an error envelope or answered as a page >= 1, never echoed below 1.',
    reading: {
      quote: Q.pageBounds,
      taken: 'The spec gives the least page but not the answer to a page below it, or to one that is not an integer.',
      accepted: 'Rejection (4xx with the error envelope), or correction to a page of at least 1.',
      method: 'Probed on List blacklist, whose path the spec shows and for which it states the bound itself.',
    },
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
    reading: {
      quote: Q.onlySent,
      taken: 'Fields the edit does not send must read back with the values they had before it.',
      method: READ_BACK,
    },
  }),
  required({
    id: 'CORE-CONTACT-EDIT-CLEAR-SCALAR',
    surface: 'core',
    section: S.editContact,
    statement: 'An empty string clears a scalar field.',
    reading: {
      quote: 'To clear a scalar field send an empty string.',
      taken:
        'Cleared is read as empty in any form a read can show. A field not sent must still be shown with its value, so a read that shows nothing cannot pass.',
      accepted: 'A cleared field read as an empty string, as null, or not shown at all.',
      method: READ_BACK,
    },
  }),
  required({
    id: 'CORE-CONTACT-EDIT-CLEAR-LIST',
    surface: 'core',
    section: S.editContact,
    statement: "An empty string for ContactNumber, ContactEmail, ContactsTag or ContactAttribute clears all of that property's data.",
    reading: {
      quote: "For `ContactNumber`, `ContactEmail`, `ContactsTag`, `ContactAttribute`: sending an empty string clears all of that property's data",
      taken: 'Only a list the contact showed holding entries before the edit can show that it was cleared, so only such lists are judged.',
      accepted: 'A cleared list read as empty, or no longer shown.',
      method: `${READ_BACK} The contact is read before the edit too. A list never shown is noted as not judged, and when none is shown the rule is skipped.`,
    },
  }),
  required({
    id: 'CORE-CONTACT-EDIT-REPLACE-LIST',
    surface: 'core',
    section: S.editContact,
    statement: 'Sending values for a list property keeps only the sent entries and clears all others.',
    reading: {
      quote: 'sending values keeps only the sent entries and clears all others.',
      taken: 'After an edit that sends values for a list property, the contact must show the sent entries in it, and no others.',
      method: READ_BACK,
    },
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
    reading: {
      quote: 'name 150; title 255; company 100; industry 100; website 100; address 255; city 255; zip 15; state 255',
      taken: 'Every probe value is one the field takes on its own merits, so a refusal can only be for the length.',
      method: 'The values are an https URL for website, digits for zip, and letters and digits for the free-text fields.',
    },
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
    reading: {
      quote: Q.tags,
      taken: 'The contact must then carry every tag sent. A read without the ContactsTag list cannot show the tags, and is a failed prerequisite.',
      method:
        'The contact is read back on the vendor reference path GET /contacts/show/{id}.json, where tags are { name } items of ContactsTag. The tags are created for the check (PUT /tags/add.json, vendor reference) and deleted afterwards, so the edit creates none by name.',
    },
  }),
  required({
    id: 'CORE-CONTACT-ATTRIBUTE-ITEM',
    surface: 'core',
    section: S.contactFields,
    statement:
      'ContactAttribute items are { attribute_id: integer, value: string }: items of that shape are accepted and read back in it, and an item whose attribute_id is not an integer or whose value is not a string is refused with 406.',
    reading: {
      quote: 'item `{ attribute_id: integer, value: string }`',
      taken:
        'The spec gives the item shape in the contact edit payload, and the items read back are held to the same shape. The core API renders identifiers as strings elsewhere: the agent id, and the vendor reference Contact.id.',
      accepted: 'attribute_id as a JSON integer, or as a string of digits.',
      method:
        'The items are read back on the vendor reference path GET /contacts/show/{id}.json. Attribute ids come from the vendor reference list GET /contacts/attributes.json. With fewer than 2 attributes in the account the check skips.',
    },
  }),
  required({
    id: 'CORE-CONTACT-EXTERNALURL-ITEM',
    surface: 'core',
    section: S.contactFields,
    statement:
      'ExternalUrl items are { name: string, url: string }: an edit setting items of that shape is accepted with 200, and the contact read back shows every ExternalUrl item with string name and url, the sent ones among them with the values sent.',
    reading: {
      quote: "links to the contact's detail page in an external service (CRM, helpdesk, custom); item `{ name: string, url: string }`",
      taken:
        "The contact edit payload is the only place the spec types an ExternalUrl item. An ExternalUrl the read shows is the same property, so each of its items must have that shape. An item read back as { url } alone, or as a plain string, fails. Edit contact's replacing sentence does not name ExternalUrl, so items beyond the sent ones are not failed, only held to the shape.",
      method:
        "The spec shows no read of one contact, so the items are read back with Inspect a contact (GET /contacts/show/{id}.json, vendor reference), beside the contact's fields or among them. A read that shows no ExternalUrl property leaves the rule skipped: a property not shown says nothing of its items. The vendor reference's Contact record also has an external_urls list of { external_system, external_url }. That is another property, and is not read as this one. The check sends two items with both keys on a contact of its own. Their values are ones no server rewrites: a short name, and an https URL already in its normal form.",
    },
  }),
  required({
    id: 'CORE-CONTACT-NUMBER-ITEM',
    surface: 'core',
    section: S.contactFields,
    statement:
      'ContactNumber items are { public_number: string }: an edit setting numbers as strings is accepted with 200, and the contact read back shows every ContactNumber item with public_number a string, the sent numbers among them.',
    reading: {
      quote: 'numbers assigned to the contact; item `{ public_number: string }`',
      taken:
        "The contact edit payload types the item as { public_number: string }, and the vendor reference's ContactNumberArray schema agrees. Only its Inspect a contact example writes a JSON number. The Blacklist entry types its own public_number as an integer, where the spec and the vendor reference disagree and CORE-BLACKLIST-ITEM accepts both. That does not open this field, so a number read back as a JSON number (420123456789) fails.",
      accepted: 'Any plus sign or spacing around the digits: the spec does not say a number is stored as written.',
      method:
        'The numbers sent are strings in E.164 form, each found among the items read back by its digits alone. The read back is Inspect a contact (GET /contacts/show/{id}.json, vendor reference). A read that shows no ContactNumber property leaves the rule skipped.',
    },
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
    reading: {
      quote: 'cap on daily call spend in EUR, 1 to 200 inclusive',
      taken: 'The range is one the create checks: its ends are valid values, and a value outside it is invalid input, refused with 406.',
      method: AGENT_PROBES,
    },
  }),
  required({
    id: 'CORE-AGENT-EXTENSION-RANGE',
    surface: 'core',
    section: S.agentFields,
    statement: 'extension accepts 1000 to 9999 inclusive and rejects values outside with 406.',
    reading: {
      quote: Q.extension,
      taken:
        'The range is one the create checks, apart from uniqueness. An extension the company already uses would be refused for uniqueness, not for its range, so none is probed.',
      method: `${AGENT_PROBES} The extensions in use are read from the agent list (vendor reference).`,
    },
  }),
  required({
    id: 'CORE-AGENT-EXTENSION-UNIQUE',
    surface: 'core',
    section: S.agentFields,
    statement: 'An extension already used in the company is rejected with 406 or 409.',
    reading: {
      quote: Q.extension,
      taken:
        'The spec says an extension is unique across the company, but gives no status for a duplicate. Both 406 (input validation failed) and 409 (conflicts with current state) fit its error table.',
      accepted:
        "406 with 'Invalid input data.' and the field named in responseData.data, or 409 in the error envelope with any message. The report names the one the target used.",
      method: AGENT_PROBES,
    },
  }),
  required({
    id: 'CORE-AGENT-CALL-NUMBER-ID',
    surface: 'core',
    section: S.agentFields,
    statement: 'call_number_id below 1 is rejected with 406.',
    reading: {
      quote: 'default outbound number identifier, at least 1',
      taken: 'At least 1 is read as a bound the create checks: a value below it is invalid input, refused with 406.',
      method: AGENT_PROBES,
    },
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
    reading: {
      quote: 'Agent (core API create payload) … Exists as the update operation for agents; payload shape is listed in the gap list below.',
      taken: "The field table is the create payload's, so the rule is judged on PUT /agents/add.json only; the edit payload is not shown.",
      accepted: "A server lenient with 'true' or 1: the values sent ('maybe', 2) are ones no boolean coercion reads as true or false.",
    },
  }),
  required({
    id: 'CORE-AGENT-DAILY-LIMIT-DEFAULT',
    surface: 'core',
    section: S.agentFields,
    source: 'vendor-reference',
    statement: 'An agent created without daily_price_limit is accepted, and the default that applies is a daily price limit from 1 to 200.',
    reading: {
      quote: 'when empty a default value applies',
      taken:
        'The sentence is read as: a create that omits the field is not refused. The agent then has a limit that is a value of the field (1 to 200 EUR). An empty string or null is not sent, since either may be refused as the wrong type.',
      method:
        'The value is read back on the vendor reference agent list (Agent.daily_price_limit). A list that does not show the field, or shows it null, cannot show the default and leaves the value unjudged.',
    },
  }),
  required({
    id: 'CORE-AGENT-EDIT-UPDATES',
    surface: 'core',
    section: S.editAgent,
    source: 'vendor-reference',
    statement: 'POST /agents/edit/{agentId}.json is the update operation for agents: an edit of an existing agent answers 2xx and the change reads back.',
    reading: {
      quote: 'Exists as the update operation for agents; payload shape is listed in the gap list below.',
      taken:
        'The spec shows the path and the method but not the payload. A 400 or 406 to the vendor reference payload means the target expects a payload the spec does not show: a failed prerequisite. Any other failure for an agent just created, or a 2xx that changes nothing, breaks the rule.',
      method:
        "The check sends the vendor reference payload: the agent's firstname, lastname and email, with a new firstname. It reads the agent back on the vendor reference agent list.",
    },
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
    reading: {
      quote: Q.oneMembership,
      taken: 'The agent and the group must both still be listed after the removal.',
      accepted: 'Lists with or without paging fields, their records wrapped ({ Agent: {...} }) or bare.',
      method:
        'The spec shows no agent or group list and no way to add a membership, so the vendor reference paths are used. The agent must be seen in the agent list before the removal, or the rule is skipped.',
    },
  }),
  required({
    id: 'CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS',
    surface: 'core',
    section: S.removeMember,
    source: 'vendor-reference',
    statement: "Removing an agent from one group deletes that one membership only: the agent's memberships of other groups remain.",
    reading: {
      quote: `call history, recordings, outbound call initiation, real-time group statistics … ${Q.oneMembership}`,
      taken:
        'The spec shows no read of memberships, so members are counted through the real-time group statistics, which it lists under Calls. The count is trusted only when adding the agent raised both groups by one, and removing it from the first lowered that group by one. Otherwise nothing is judged, as when the statistics count only agents online.',
      method:
        'The check adds a new agent to two groups (PUT /groups/add.json, vendor reference). The statistics are GET /statistics/realtime/groups.json, operators per group, with path and fields from the vendor reference.',
    },
  }),
  required({ id: 'CORE-GROUP-REMOVE-404', surface: 'core', section: S.removeMember, statement: "A group that does not exist answers 404 'Not found.'." }),
  required({
    id: 'CORE-TAG-DELETE-200',
    surface: 'core',
    section: S.deleteTag,
    statement: 'Deleting a tag answers 200 { responseData: { status: 200 } } and the tag is gone.',
    reading: {
      quote: `${Q.tagDeleted} … Identified by \`id\` (path parameter of delete).`,
      taken:
        'Gone is read as no longer in the tag list. The tag must be seen in the list before its deletion. Otherwise the gone half cannot be judged, and the rule is skipped with the answer judged so far as a note.',
      accepted: 'A tag list with or without paging fields, its items wrapped ({ Tag: {...} }) or bare.',
      method: 'The spec shows neither a way to add a tag nor a tag list, so the tag is added and looked for with the vendor reference paths.',
    },
  }),
  required({ id: 'CORE-TAG-DELETE-404', surface: 'core', section: S.deleteTag, statement: "Deleting an unknown tag answers 404 'Not found.'." }),

  // Blacklist
  required({
    id: 'CORE-BLACKLIST-ITEM',
    surface: 'core',
    section: S.blacklist,
    statement: 'Each blacklist data item is { Blacklist: { id, type, public_number } }, Blacklist its single key, with type all, incoming or outgoing.',
    reading: {
      quote:
        'List items are objects with one key `Blacklist`: … public_number | integer | blacklisted number with country calling code … item `{ public_number: string }`',
      taken:
        "The Blacklist entry table types public_number as an integer. The same kind of number is a string in the Contact table's ContactNumber and in the vendor reference's blacklist entry. The difference is read as one of notation, not of content.",
      accepted: 'An integer, or a string holding only digits; the report names the one the target used.',
    },
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
    reading: {
      quote: `\`date_from\`, \`date_to\` (form \`YYYY-MM-DD HH:MM:SS\`, UTC) … ${Q.itemsNotShown}`,
      taken: 'The spec does not name the call record field the window applies to, so the vendor reference field is compared.',
      method: 'The field compared is Cdr.started_at, and the check skips when records lack it.',
    },
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
      reading: {
        quote: `\`contact_id\`, \`user_id\`, \`type\`, \`status\`, \`tag_id\`, \`call_id\` … ${Q.itemsNotShown}`,
        taken: 'Record fields are not shown in the spec, so the filter is judged on the vendor reference fields.',
        method: 'The check skips when records lack those fields.',
      },
    }),
  ),

  // Contacts list
  ...(
    [
      ['CORE-CONTACTS-FILTER-COUNTRY', 'country_id', CONTACT_ALONE, CONTACT_NARROWED],
      ['CORE-CONTACTS-FILTER-TAG', 'tag_id', CONTACT_ALONE, CONTACT_NARROWED],
      [
        'CORE-CONTACTS-FILTER-INDUSTRY',
        'industry',
        "The contact's industry is a value no other record has, and the value it must not match is another such value. The first matches it under any reading of the filter (equal, prefix, substring, any case), the second under none.",
        'A list too long to show whether the contact is left out leaves the rule skipped.',
      ],
    ] as const
  ).map(([id, name, taken, narrowing]) =>
    required({
      id,
      surface: 'core',
      section: S.contacts,
      statement: `The ${name} filter of List contacts returns a matching contact and leaves out contacts that do not match.`,
      reading: { quote: `${Q.listContacts} … ${Q.itemsNotShown}`, taken, method: `${CONTACT_LISTED} ${narrowing}` },
    }),
  ),
  required({
    id: 'CORE-CONTACTS-FILTER-KEYWORD',
    surface: 'core',
    section: S.contacts,
    statement: 'The keyword filter of List contacts leaves out a contact none of whose fields holds the keyword.',
    reading: {
      quote: Q.listContacts,
      taken:
        'List contacts names keyword among its filters without saying which fields it searches or how it matches. So which contacts a keyword must find is not stated. What any keyword filter does is leave out a contact that holds the keyword nowhere. Which field finds the contact is CORE-CONTACTS-KEYWORD-NAME, reported only.',
      method: `The keyword sent is letters that no field of the check's contact holds, nor any word of the run's names. ${CONTACT_LISTED} ${CONTACT_NARROWED} ${CONTACT_ALONE}`,
    },
  }),
  observed({
    id: 'CORE-CONTACTS-KEYWORD-NAME',
    surface: 'core',
    section: S.contacts,
    statement: 'Whether the keyword filter of List contacts finds a contact by its whole name.',
    reading: {
      quote: Q.listContacts,
      taken:
        "The spec does not say which fields a keyword searches. A target whose keyword searches e-mail addresses, numbers or company names only is as conforming as one that searches names. The report says whether the check's contact is listed for its whole name as keyword.",
      accepted: 'Any fields searched: the answer is reported, never judged.',
      method:
        "The answer matters beyond the rule: the cleanup command's --prefix narrows List contacts by keyword to find a run's contacts. Without a name match it must read the whole list.",
    },
  }),

  // Countries
  required({
    id: 'CORE-COUNTRIES-PLAIN-ARRAY',
    surface: 'core',
    section: S.countries,
    statement: 'List countries returns a plain array inside responseData, with no paging fields.',
    reading: {
      quote: 'Returns a plain array inside `responseData`; accepts no `page` or `limit`.',
      taken: 'The spec shows no country fields, so the items are not judged.',
      accepted: 'Items wrapped in { Country: {...} }, as in the vendor reference, or bare records.',
      method: 'The path is the vendor reference one; the spec shows none.',
    },
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
    reading: onVendorPath('Make a call: success body is only `{ responseData: { status: 200 } }`', 'Make a call'),
  }),
  required({
    id: 'CORE-CALL-CREATE-403-OFFLINE',
    surface: 'core',
    section: S.states,
    source: 'vendor-reference',
    statement: 'Make a call answers 403 when the target agent is not online.',
    reading: onVendorPath(Q.agentInCall, 'Make a call'),
  }),
  required({
    id: 'CORE-CALL-CREATE-409-BUSY',
    surface: 'core',
    section: S.states,
    source: 'vendor-reference',
    statement: 'Make a call answers 409 when the target agent is already in a call.',
    reading: onVendorPath(Q.agentInCall, 'Make a call'),
  }),
  required({
    id: 'CORE-SMS-403-FUNDS',
    surface: 'core',
    section: S.actions,
    source: 'vendor-reference',
    statement: 'Send sms (POST /sms/send.json) answers 403 when the account has insufficient funds.',
    reading: onVendorPath('Send sms: `403` when the account has insufficient funds.', 'Send sms'),
  }),
  required({
    id: 'CORE-BULK-ACK',
    surface: 'core',
    section: S.actions,
    source: 'vendor-reference',
    statement: 'Contact actions (POST /bulk/contacts.json) is a POST action answering the acknowledgement envelope.',
    reading: {
      quote: `Three core endpoints are actions and use POST: Make a call, Send sms, Contact actions. … ${Q.ack} … ${Q.actionsNotShown}`,
      taken:
        "The spec gives Contact actions no answer of its own, so it is read as an action answering the acknowledgement envelope. That is 200 with responseData = { status: <integer> }, as the vendor reference shows. The spec ties an acknowledgement's status to the HTTP status nowhere, so the vendor example's status 200 is reported, not required.",
      method: VENDOR_PATH,
    },
  }),
  required({
    id: 'CORE-RECORDING-410',
    surface: 'core',
    section: S.actions,
    source: 'vendor-reference',
    statement: "A gone recording answers 410 with message 'Recording expired.' or 'Recording not found.'.",
    reading: {
      quote: Q.recording,
      taken:
        'The spec shows no path for recording retrieval and no way to make a recording gone, so the rule is judged on recordings the target already holds.',
      accepted: 'Either message, for any gone recording.',
      method:
        'The path is the vendor reference one: GET /calls/recording/{callId}.json. The check probes the oldest recorded calls, and skips when none is gone.',
    },
  }),
  required({
    id: 'CORE-RECORDING-410-CAUSE',
    surface: 'core',
    section: S.actions,
    source: 'vendor-reference',
    statement: "A call the call history shows as never recorded is not answered 410 'Recording expired.': a 410 for its recording says 'Recording not found.'.",
    reading: {
      quote: Q.recording,
      taken:
        "The spec gives a gone recording two messages without tying either to a cause. The words of each are read as its cause: 'expired', a recording that existed and aged out; 'not found', one that is not there. A call whose record shows recorded false has no recording that could have expired. So a 410 for it must say 'Recording not found.'",
      accepted:
        "404 'Not found.' for a call never recorded, as the vendor reference answers: the spec says nothing of a recording that never existed. Either message for a recorded call: no retention period is given, and Delete call recording (vendor reference) removes a recording of any age (CORE-RECORDING-410).",
      method:
        "Call history records are not shown in the spec. The vendor reference's Cdr.recorded ('Was call recorded?') says whether a call was recorded at all, which a later expiry does not change. The check probes one call whose record shows recorded false. A record without the field, or with another value, is not probed, and the rule is skipped when the sample holds none. Any answer but 410 and 404 leaves the rule skipped with the status named. A 404 is trusted only when the same path answered a recorded call 200 or 410, since a path the target does not serve would answer 404 too.",
    },
  }),
  // Stateful sequences: the same facts after any sequence of writes, judged against a model (suites/core/contacts/sequences.ts)
  required({
    id: 'CORE-STATE-LISTED',
    surface: 'core',
    section: S.contacts,
    source: 'vendor-reference',
    statement:
      'After any sequence of contact creates, edits and deletes, List contacts narrowed by an industry lists exactly the contacts that have that industry now: one created with it is listed, once; one deleted, or edited to another industry, is not.',
    reading: {
      quote: `${Q.listContacts} … ${Q.onlySent}`,
      taken:
        "A deleted contact is no longer there to match, and an edit that sends another industry makes the contact match that value instead. So any page read must list no contact the model does not have with that industry, and none twice. A page that must hold every match (page 1, limit at least their number) must list each. How many items another page holds is the paging rules' (CORE-PAGE-*).",
      method: `Two reads judge nothing, since their fact is a single step's. One lists a contact that never had the industry asked for: a filter not applied, CORE-CONTACTS-FILTER-INDUSTRY's. That contact is a record not of the sequence, whose industries are its own, or one of the sequence's that never had it. The other lists or misses a contact wrongly, where the contact, read with Inspect a contact, shows the industry the list implies though its writes set another. That read is one request, made only then, and the list agrees with what the target holds. The field's value is then CORE-STATE-FIELDS' fact, or CORE-CONTACT-EDIT-PARTIAL's where an edit emptied a field it was not sent. ${SEQUENCE_MODEL} ${STATE_PATHS}`,
    },
  }),
  required({
    id: 'CORE-STATE-COUNT',
    surface: 'core',
    section: S.paging,
    source: 'vendor-reference',
    statement:
      "List contacts' itemsCount follows every write: after any sequence of contact creates, edits and deletes, a read narrowed by an industry whose one page holds every match answers itemsCount equal to the number of contacts that have that industry now.",
    reading: {
      quote: Q.itemsCount,
      taken:
        "Each read reports the matches of its moment, so a count that lags a write is wrong. Only reads whose one page holds every match (page 1, limit at least their number) are judged; there the count of the page and of the matches are one number. How itemsCount and pageCount relate to the limit and the pages is CORE-PAGE-ITEMS-COUNT's and CORE-PAGE-COUNT's.",
      method: `Some reads judge nothing, as for CORE-STATE-LISTED: one that lists a contact that never had the industry, or lists or misses one whose industry the target holds otherwise than its writes set. A read that lists the wrong contacts (one it should not, one twice, or misses one) leaves the count to that rule. A count that agrees with a wrong listing is the listing's fault; this rule's fact is a count that disagrees with a right listing. ${SEQUENCE_MODEL} ${STATE_PATHS}`,
    },
  }),
  required({
    id: 'CORE-STATE-FIELDS',
    surface: 'core',
    section: S.editContact,
    source: 'vendor-reference',
    statement:
      'Each contact field keeps the value of the last write that sent it, whatever edits of other fields follow: after any sequence of edits, Inspect a contact shows every field the sequence wrote at the value it last wrote.',
    reading: {
      quote: Q.onlySent,
      taken:
        'Fields not sent keep their values. CORE-CONTACT-EDIT-PARTIAL judges one edit after the add; this rule, the fields written by edits, after any number of further edits. A server that rebuilds a contact from its add, or an older copy, loses a field an edit wrote in between. Only fields whose last write was an edit are compared, exactly: a target may not change what it stored.',
      method: `The sequence writes name, title, city and industry, each a text of its own and never empty. The add sends all four, and names keep the run's prefix. So a field read back empty was emptied by a write that did not send it. One edit after the add shows that, so it is left to CORE-CONTACT-EDIT-PARTIAL; a field showing an older value, or any other, fails here. ${INSPECT} A field the read does not show leaves the rule skipped. ${SEQUENCE_MODEL}`,
    },
  }),
  required({
    id: 'CORE-STATE-LISTS',
    surface: 'core',
    section: S.editContact,
    source: 'vendor-reference',
    statement:
      'An entry an edit wrote to a contact list property (ContactNumber, ContactEmail, ContactsTag, ContactAttribute) stays until a later write sends that property again: after any sequence of edits of other fields and of the other list properties, Inspect a contact still shows it.',
    reading: {
      quote: Q.lists,
      taken:
        "An edit that does not send a list property leaves it as it was; one that sends another list property replaces that one only. A server that rebuilds a contact's lists from its add, or an older copy, passes one edit read back. It loses the entries an edit wrote once another edit follows. The rule judges that persistence only: each entry the last write of its property sent is shown by every later read.",
      method: `Whether entries beyond the sent ones are cleared is CORE-CONTACT-EDIT-REPLACE-LIST's and CORE-CONTACT-EDIT-CLEAR-LIST's. Several entries in one list are CORE-CONTACT-TAGS-SEVERAL's, so a sequence sends one entry a list, or none with an empty string. Entries are compared as the list checks compare them: a number by its digits, an e-mail as sent, a tag by its name, an attribute as attribute_id=value in text. Tag names come from the account's tag list (GET /tags/index.json, vendor reference), so no edit makes a tag. Attribute ids come from GET /contacts/attributes.json (vendor reference). A property the account gives no value for (no tag, no attribute) is not written. The contact is read with Inspect a contact (GET /contacts/show/{id}.json, vendor reference), its lists taken from responseData or responseData.Contact. A list it does not show leaves the check skipped. ${SEQUENCE_MODEL}`,
    },
  }),
  required({
    id: 'CORE-STATE-TAGGED',
    surface: 'core',
    section: S.contacts,
    source: 'vendor-reference',
    statement:
      "List contacts narrowed by a tag's tag_id lists each of the run's contacts whose last ContactsTag write gave it that tag, after any sequence of contact writes.",
    reading: {
      quote: `${Q.listContacts} … ${Q.tags}`,
      taken:
        "ContactsTag sets the tags of a contact by name, so a contact an edit gave a tag matches that tag's id from then on. A server whose tag filter reads an index built at the add misses a contact tagged by an edit. CORE-CONTACTS-FILTER-TAG judges a contact added with its tag; this rule, contacts tagged by edits. Only presence is judged: whether an untagged contact drops out needs CORE-CONTACT-EDIT-REPLACE-LIST to hold.",
      method: `A contact missing from the read is read with Inspect a contact (one request, made only then). One that no longer shows the tag lost it in a later edit, which is CORE-STATE-LISTS' fact, and the read judges nothing. The tags are the first of the account's tag list (GET /tags/index.json, items { Tag: { id, name } }, vendor reference), so no edit makes a tag. An account with none leaves the rule skipped. The read is tag_id alone with limit 1000, since whether filters join with AND is not shown. A tag with more than one page of contacts leaves that read unjudged. ${SEQUENCE_MODEL} ${STATE_PATHS}`,
    },
  }),
  required({
    id: 'CORE-STATE-BLACKLIST',
    surface: 'core',
    section: S.blacklist,
    source: 'vendor-reference',
    statement:
      "After any sequence of blacklist adds, edits and deletes, List blacklist narrowed by a number lists each of the run's entries that has that number now, shown with the number and type its last write set, and none of them that no longer has it or was deleted.",
    reading: {
      quote:
        'Query filters: by id, by country calling code, by type (`all`, `incoming`, `outgoing`), by number … List items are objects with one key `Blacklist`:',
      taken:
        'A list shows what matches at the time of the read. An entry edited to another number matches its new number only, and shows the type the edit set; a deleted one matches nothing. A server whose search index is not updated on an edit or a delete still passes a filter read of entries nobody changed.',
      accepted: "Another client's entry with one of the numbers: it is left alone, since the spec says nothing of two entries with one number.",
      method: `The check runs random sequences of adds, edits and deletes of its own entries, with reads narrowed by one of three fictional numbers (CC_SEQUENCES). ${SHRUNK} Only entries the sequence made are judged, by id, and the model never makes two with one number. A read listing an entry that never had the number asked for is a filter not applied: CORE-BLACKLIST-FILTER-NUMBER's, and no entry of that read is judged stale. Such an entry is one of the sequence's, by the numbers it had, or another client's, by the number it shows. Only on a blacklist holding nothing but the sequence's entries, all once with the number, do the two faults read alike. Such a read fails this rule beside the filter rule. The type filter is not used: an entry still listed under its old type reads the same as a type filter not applied, CORE-BLACKLIST-FILTER-TYPE's to judge. The spec shows no path or payload for adding, editing or deleting an entry, and no filter names. The vendor reference gives them: PUT /blacklist/add.json { type, public_number }, POST /blacklist/edit/{id}.json with the same payload, DELETE /blacklist/delete/{id}.json, and the number filter public_number. An add, or an edit to another number, refused with 406 leaves the check skipped: another client may hold the number.`,
    },
  }),
  required({
    id: 'CORE-STATE-TAGS',
    surface: 'core',
    section: S.deleteTag,
    source: 'vendor-reference',
    statement:
      "After any sequence of tag adds, renames and deletes, the tag list shows each of the run's tags that was not deleted, under the name its last write gave it.",
    reading: {
      quote: 'Identified by `id` (path parameter of delete).',
      taken:
        "A tag lives until Delete a tag removes it, and a list shows what the account holds at the time of the read. So a renamed tag shows its new name, and one not deleted is still there. A server that lists tags from a copy refreshed only on adds and deletes shows a renamed tag under an old name. Whether a deleted tag is gone from the list is CORE-TAG-DELETE-200's to judge.",
      accepted: 'Tag list items { Tag: { id, name } } or bare { id, name }, in a collection envelope or a plain list.',
      method: `The check runs random sequences of adds, renames and deletes of its own tags (names with the run's prefix) and reads of the tag list (CC_SEQUENCES). ${SHRUNK} Only the sequence's tags are judged, by id; the account's other tags, and what other clients do to them, never count. A read that is not the whole list (more than one page at limit 1000) judges only the names of the tags it shows. The spec shows no path or payload for adding, renaming or listing tags. The vendor reference gives Add a tag as PUT /tags/add.json { name }, Edit a tag as POST /tags/edit/{id}.json { name }, and the list as GET /tags/index.json.`,
    },
  }),
  required({
    id: 'CORE-STATE-MEMBERSHIPS',
    surface: 'core',
    section: S.removeMember,
    source: 'vendor-reference',
    statement:
      "After any sequence of adds and removes of one agent's group memberships, each of its groups counts the agent as a member exactly while the last write of that membership was an add, a membership added again after its removal included.",
    reading: {
      quote: `A membership links one agent (\`agent_id\`, path parameter) to one group (\`group_id\`, integer in the body). … ${Q.oneMembership}`,
      taken:
        "A membership exists while its last write was an add, whatever adds and removes came before. A server that keeps a removed membership as a soft-deleted row blocking a new add answers every add and remove well. Yet it counts the agent out of a group it was added back to. A group is judged only when no remove from another group came since its last add: that fact is CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS'.",
      method: `The spec shows no way to read memberships. The only read is the realtime group statistics' count per group (GET /statistics/realtime/groups.json, operators per group, vendor reference). That count is company-wide, and another client's membership changes move it too. So the check runs on a configured target only with group-sequences in CC_EFFECTS, where the user vouches that nothing else changes memberships meanwhile. The check makes one agent of its own, picks the first two groups of the statistics, and reads their counts once before any membership. It then runs random sequences of adds and removes of the agent in those groups, with reads of the statistics (CC_SEQUENCES). ${SHRUNK} Each read must show a group's count equal to the first count plus one while the agent is a member. Add an agent to a group is PUT /groups/add.json { group_id, agent_id } (vendor reference). A target whose statistics do not count the agent's first add leaves the rule skipped.`,
    },
  }),
  required({
    id: 'CORE-STATE-ISOLATION',
    surface: 'core',
    section: S.auth,
    source: 'vendor-reference',
    statement:
      "Another company's key never finds the run's contacts in List contacts, whatever creates and edits came before: its read narrowed by their industry lists none of them.",
    reading: {
      quote:
        "The credentials alone decide which project's data is read or written; the host selects only the API service. Separate key pairs are needed per project, and identifiers are scoped to a project.",
      taken:
        'CORE-ISOLATION-READ judges one contact, made and read once. This rule judges the same boundary after any sequence of writes, where a server whose index of edited records ignores the company still passes a single read. Identifiers are scoped to a company and may overlap. So a listed item counts against the target by its name only: one of the names the sequence gave its contacts.',
      method: `The other company's read is narrowed by one of the sequence's industries, with limit 1000. List item fields are not shown; the vendor reference gives { Contact: { name } }, and items that show no name leave the rule skipped. A read is judged only beside a contact of its industry that no write touched since its add; the sequence's last such read makes one when none is left. When that contact is listed too, the list ignores the company whatever the writes: CORE-ISOLATION-READ's fact, and the read judges nothing. When it is not, any of the run's contacts listed (an edited one) fails the rule. The check runs only with CC_OTHER_KEY_ID; without it the step is never drawn and the rule is skipped. ${SEQUENCE_MODEL}`,
    },
  }),
] as const satisfies readonly Rule[];
