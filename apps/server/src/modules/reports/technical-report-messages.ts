import type { Locale } from "@caresuite/domain";

/**
 * The words of the technical e-mail report (docs/decisions/038-technical-reports.md), in the
 * installation's language (German is the fallback, spec data §3.1).
 */
const TECHNICAL_MESSAGES = {
  "subject.daily": {
    de: "Technischer Tagesbericht {system} vom {period}",
    en: "Technical daily report {system} for {period}",
    fr: "Rapport technique journalier {system} du {period}",
    it: "Rapporto tecnico giornaliero {system} del {period}",
  },
  "subject.weekly": {
    de: "Technischer Wochenbericht {system} {period}",
    en: "Technical weekly report {system} {period}",
    fr: "Rapport technique hebdomadaire {system} {period}",
    it: "Rapporto tecnico settimanale {system} {period}",
  },
  "subject.monthly": {
    de: "Technischer Monatsbericht {system} {period}",
    en: "Technical monthly report {system} {period}",
    fr: "Rapport technique mensuel {system} {period}",
    it: "Rapporto tecnico mensile {system} {period}",
  },
  intro: {
    de: "Guten Tag\n\nDer technische Bericht der Rufanlage {system} für {period} (Zeitzone {timezone}), Stand {at}.",
    en: "Hello\n\nThe technical report of the call system {system} for {period} (time zone {timezone}), as of {at}.",
    fr: "Bonjour\n\nLe rapport technique de l'installation d'appel {system} pour {period} (fuseau horaire {timezone}), état au {at}.",
    it: "Buongiorno\n\nIl rapporto tecnico dell'impianto di chiamata {system} per {period} (fuso orario {timezone}), situazione al {at}.",
  },
  outro: {
    de: "Diese Nachricht wurde automatisch von CareSuite versendet. Den Bericht ändern Sie in der Administration unter «Berichte».",
    en: "This message was sent automatically by CareSuite. Change the report in the administration under “Reports”.",
    fr: "Ce message a été envoyé automatiquement par CareSuite. Modifiez le rapport dans l'administration sous « Rapports ».",
    it: "Questo messaggio è stato inviato automaticamente da CareSuite. Modifichi il rapporto nell'amministrazione alla voce «Rapporti».",
  },
  "section.battery": {
    de: "Schwache Batterien (unter {threshold} %)",
    en: "Low batteries (below {threshold} %)",
    fr: "Piles faibles (sous {threshold} %)",
    it: "Batterie scariche (sotto {threshold} %)",
  },
  "section.long_calls": {
    de: "Lange Rufe (ab {threshold} Minuten offen)",
    en: "Long calls (open {threshold} minutes or longer)",
    fr: "Appels longs (ouverts {threshold} minutes ou plus)",
    it: "Chiamate lunghe (aperte da {threshold} minuti o più)",
  },
  "section.not_reachable": {
    de: "Nicht erreichbare Geräte",
    en: "Devices not reachable",
    fr: "Appareils injoignables",
    it: "Dispositivi non raggiungibili",
  },
  "section.probable_defects": {
    de: "Wahrscheinliche Defekte (mindestens {count} Rufe {criterion} in {hours} Stunden)",
    en: "Probable defects (at least {count} calls {criterion} within {hours} hours)",
    fr: "Défauts probables (au moins {count} appels {criterion} en {hours} heures)",
    it: "Difetti probabili (almeno {count} chiamate {criterion} in {hours} ore)",
  },
  none: { de: "keine", en: "none", fr: "aucun", it: "nessuno" },
  "line.battery": { de: "{device}: {level} %", en: "{device}: {level} %", fr: "{device} : {level} %", it: "{device}: {level} %" },
  "line.long_call": {
    de: "{device}: {type}, geöffnet {opened}, {minutes} Minuten{open}",
    en: "{device}: {type}, opened {opened}, {minutes} minutes{open}",
    fr: "{device} : {type}, ouvert le {opened}, {minutes} minutes{open}",
    it: "{device}: {type}, aperta il {opened}, {minutes} minuti{open}",
  },
  "line.still_open": { de: " (noch offen)", en: " (still open)", fr: " (encore ouvert)", it: " (ancora aperta)" },
  "line.not_reachable": {
    de: "{device}: zuletzt erreichbar {since}",
    en: "{device}: last reachable {since}",
    fr: "{device} : joignable pour la dernière fois le {since}",
    it: "{device}: raggiungibile l'ultima volta il {since}",
  },
  "line.never": { de: "nie", en: "never", fr: "jamais", it: "mai" },
  "line.probable_defect": { de: "{device}: {count} Rufe", en: "{device}: {count} calls", fr: "{device} : {count} appels", it: "{device}: {count} chiamate" },
} as const satisfies Record<string, Record<Locale, string>>;

export type TechnicalMessageKey = keyof typeof TECHNICAL_MESSAGES;

export function translateTechnical(key: TechnicalMessageKey, locale: Locale, data: Record<string, unknown> = {}): string {
  const template: string = TECHNICAL_MESSAGES[key][locale];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(data[name] ?? `{${name}}`));
}
