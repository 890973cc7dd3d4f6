import { persistencePart, submissionPart } from "../../src/store/lazy-parts";

// A store loads its storage part with import() as the page's first store is made; every later
// store finds it loaded and reads storage at once. Loaded here, so each test starts from that
// state (the not-yet-loaded and failed paths have tests of their own).
await Promise.all([persistencePart.load(), submissionPart.load()]);
