import { describe, expect, it } from "vitest";
import { MAP_IMAGE_MAX_BYTES, SOUND_UPLOAD_MAX_BYTES } from "../constants.ts";
import { acceptedContentTypes, checkUpload, detectFormat, uploadLimitText, type UploadFacts, type UploadKind } from "./uploads.ts";

const bytes = (...values: (number | string)[]): Uint8Array =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

const PNG = bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, "IHDR");
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, "JFIF");
const SVG = bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
const WAV = bytes("RIFF", 36, 0, 0, 0, "WAVEfmt ");
const MP3_ID3 = bytes("ID3", 4, 0, 0);
const MP3_FRAME = bytes(0xff, 0xfb, 0x90, 0x64);
const TEXT = bytes("hello, this is not an image");
const EXE = bytes("MZ", 0x90, 0);

describe("detectFormat: the content's signature decides", () => {
  it.each([
    ["PNG signature", PNG, "png"],
    ["JPEG SOI marker", JPEG, "jpeg"],
    ["SVG document", SVG, "svg"],
    ["SVG with BOM and blank lines", bytes(0xef, 0xbb, 0xbf, "\n\n<svg>"), "svg"],
    ["RIFF/WAVE", WAV, "wav"],
    ["MP3 with ID3 tag", MP3_ID3, "mp3"],
    ["MP3 frame header", MP3_FRAME, "mp3"],
    ["plain text", TEXT, null],
    ["HTML is not SVG", bytes("<html><body><script>alert(1)</script>"), null],
    ["executable", EXE, null],
    ["RIFF that is not WAVE (AVI)", bytes("RIFF", 0, 0, 0, 0, "AVI "), null],
    ["empty", bytes(), null],
  ] as const)("%s", (_name, content, format) => {
    expect(detectFormat(content)).toBe(format);
  });
});

describe("checkUpload", () => {
  const MB = 1024 * 1024;
  type Case = [string, UploadKind, UploadFacts, string | null];
  const cases: Case[] = [
    // spec: "Sound upload: MP3 or WAV, under 1 MB, file name only letters, digits, dot, hyphen."
    ["sound: an MP3 under 1 MB", "sound", { name: "gong-2.mp3", size: 200_000, firstBytes: MP3_ID3 }, null],
    ["sound: a WAV under 1 MB", "sound", { name: "Ruf.wav", size: MB - 1, firstBytes: WAV }, null],
    ["sound: exactly 1 MB is not under 1 MB", "sound", { name: "a.mp3", size: SOUND_UPLOAD_MAX_BYTES, firstBytes: MP3_ID3 }, "validation.upload_too_big"],
    ["sound: a space in the name", "sound", { name: "my gong.mp3", size: 10, firstBytes: MP3_ID3 }, "validation.upload_file_name"],
    ["sound: an umlaut in the name", "sound", { name: "Glöckchen.wav", size: 10, firstBytes: WAV }, "validation.upload_file_name"],
    ["sound: an underscore in the name", "sound", { name: "gong_1.mp3", size: 10, firstBytes: MP3_ID3 }, "validation.upload_file_name"],
    ["sound: a path in the name", "sound", { name: "../etc/passwd", size: 10, firstBytes: MP3_ID3 }, "validation.upload_file_name"],
    ["sound: a PNG named .mp3", "sound", { name: "gong.mp3", size: 10, type: "audio/mpeg", firstBytes: PNG }, "validation.upload_unprocessable"],
    ["sound: empty file", "sound", { name: "gong.mp3", size: 0, firstBytes: bytes() }, "validation.upload_unprocessable"],
    // spec: "Map image: max 5 MB." (PNG, JPEG or SVG: a floor plan)
    ["map: a PNG", "map_image", { name: "Stock 1.png", size: 50_000, firstBytes: PNG }, null],
    ["map: a JPEG of exactly 5 MB", "map_image", { name: "plan.jpg", size: MAP_IMAGE_MAX_BYTES, firstBytes: JPEG }, null],
    ["map: an SVG", "map_image", { name: "plan.svg", size: 900, firstBytes: SVG }, null],
    ["map: one byte over 5 MB", "map_image", { name: "plan.png", size: MAP_IMAGE_MAX_BYTES + 1, firstBytes: PNG }, "validation.upload_too_big"],
    ["map: text declared as PNG", "map_image", { name: "plan.png", size: 27, type: "image/png", firstBytes: TEXT }, "validation.upload_unprocessable"],
    ["map: a WAV is no image", "map_image", { name: "plan.png", size: 100, firstBytes: WAV }, "validation.upload_unprocessable"],
    ["map: any name is fine (it is never a path)", "map_image", { name: "Grundriss Ost (neu).png", size: 100, firstBytes: PNG }, null],
    ["map: without content only size and name are checked", "map_image", { name: "plan.png", size: 100 }, null],
  ];

  it.each(cases)("%s", (_name, kind, facts, message) => {
    const result = checkUpload(kind, facts);
    expect(result.ok ? null : result.message).toBe(message);
  });

  it("says the limit in the too-big message and names the stored format", () => {
    expect(checkUpload("map_image", { name: "x.png", size: 6 * MB })).toEqual({
      ok: false,
      message: "validation.upload_too_big",
      data: { max: "5 MB" },
    });
    expect(checkUpload("map_image", { name: "x.jpeg", size: 10, firstBytes: JPEG })).toEqual({
      ok: true,
      format: "jpeg",
      contentType: "image/jpeg",
      extension: "jpg",
    });
  });

  it("offers the accepted MIME types and the limits as text", () => {
    expect(acceptedContentTypes("map_image")).toEqual(["image/png", "image/jpeg", "image/svg+xml"]);
    expect(acceptedContentTypes("sound")).toEqual(["audio/mpeg", "audio/wav"]);
    expect(uploadLimitText("sound")).toBe("1 MB");
    expect(uploadLimitText("map_image")).toBe("5 MB");
  });
});
