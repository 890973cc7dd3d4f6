import { describe, expect, it } from "vitest";
import { readOpenableUrl } from "../../src/protocol/openable-url";
import { parseQuestionRecord } from "../../src/protocol/parse-question-record";

describe("given a URL a server asks the user to open", () => {
  it("should split it into scheme, host (punycode, with its port) and the rest", () => {
    expect(readOpenableUrl("https://münchen.example/a b")).toMatchObject({ ok: false });
    expect(readOpenableUrl("https://münchen.example:8443/ä?q=1#top")).toEqual({
      ok: true,
      href: "https://xn--mnchen-3ya.example:8443/%C3%A4?q=1#top",
      scheme: "https://",
      host: "xn--mnchen-3ya.example:8443",
      rest: "/%C3%A4?q=1#top",
    });
  });

  it("should take plain http: only for this computer", () => {
    for (const url of [
      "http://127.0.0.1/",
      "http://127.255.0.9:81/",
      "http://localhost/",
      "http://[::1]/",
    ])
      expect(readOpenableUrl(url).ok, url).toBe(true);
    for (const url of [
      "http://10.0.0.1/",
      "http://[::2]/",
      "http://localhost.test/",
      "http://128.0.0.1/",
    ])
      expect(readOpenableUrl(url).ok, url).toBe(false);
  });

  it("should refuse hidden characters anywhere, even where the parser would encode them", () => {
    for (const character of ["\u202e", "\u2066", "\u200b", "\u00ad", "\ufeff", "\u0000", "\t", " "])
      expect(readOpenableUrl(`https://example.com/a${character}b`).ok).toBe(false);
  });

  it("should refuse a URL whose punycode form passes 2048 characters", () => {
    const label = "漢字龍鳳".repeat(5);
    const url = `https://${Array.from({ length: 60 }, () => label).join(".")}.example/`;
    expect(url.length).toBeLessThan(2048);
    expect(readOpenableUrl(url)).toMatchObject({ ok: false });
  });
});

describe("given a record whose question carries openUrl", () => {
  const record = (question: Record<string, unknown>) => ({
    id: "mcp_url_1",
    questions: [
      {
        questionId: "open_url",
        header: "example.com",
        question: "Sign in",
        options: [],
        ...question,
      },
    ],
    createdAtMs: 1,
    expiresAtMs: 2,
    status: "pending",
  });

  it("should keep the URL and the whole host as its header", () => {
    const parsed = parseQuestionRecord(
      record({
        header: "a-very-long-host.example.com",
        openUrl: "https://a-very-long-host.example.com/",
      }),
    );
    expect(parsed.ok && parsed.value.questions[0]).toMatchObject({
      header: "a-very-long-host.example.com",
      openUrl: "https://a-very-long-host.example.com/",
    });
  });

  it("should drop a question with openUrl that has options", () => {
    expect(
      parseQuestionRecord(
        record({ openUrl: "https://example.com/", options: [{ label: "A" }, { label: "B" }] }),
      ).ok,
    ).toBe(false);
  });
});
