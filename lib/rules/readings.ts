/** Readings that rules of several surfaces share, written once so they cannot drift apart. */

/**
 * A valid key of one project asking for an identifier of another: Authentication says both that
 * credentials of another project give 401 and that the credentials alone pick the project, whose
 * identifiers are its own, which makes the identifier simply unknown there.
 */
export const ANOTHER_PROJECT =
  "Authentication 6 says credentials of another project give 401, while Authentication 3 says the credentials alone decide which project's data is read and that identifiers are scoped to a project, so project B's valid key asking for project A's identifier may be refused as foreign credentials (401) or looked up in project B, where no such identifier exists (404). Both statuses are accepted and the report names the one the target chose; what holds under either reading, and is judged, is that none of project A's data reaches project B.";
