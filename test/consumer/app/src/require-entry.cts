// Type-checked under nodenext only: a CommonJS host requires the ESM package (Node 20.19+).
import protocol = require("ask-user-kit/protocol");

export const prompt: string = protocol.formatPromptText([]);
