import type { IncidentNotificationKind, IncidentSeverity, IncidentSubject, Locale } from "@caresuite/domain";

/**
 * The words of incident e-mails in the recipient's language (German is the fallback, spec data
 * §3.1 "Language: DE, EN, FR, IT (German is the fallback)").
 */
const SUBJECTS: Record<IncidentSubject, Record<Locale, string>> = {
  Battery: { de: "Batterie", en: "Battery", fr: "Batterie", it: "Batteria" },
  Defect: { de: "Defekt", en: "Defect", fr: "Défaut", it: "Guasto" },
  ProbableDefect: { de: "Wahrscheinlicher Defekt", en: "Probable defect", fr: "Défaut probable", it: "Guasto probabile" },
  Reachability: { de: "Erreichbarkeit", en: "Reachability", fr: "Joignabilité", it: "Raggiungibilità" },
};

const SEVERITIES: Record<IncidentSeverity, Record<Locale, string>> = {
  Critical: { de: "Kritisch", en: "Critical", fr: "Critique", it: "Critico" },
  Warning: { de: "Warnung", en: "Warning", fr: "Avertissement", it: "Avviso" },
  Info: { de: "Info", en: "Info", fr: "Info", it: "Info" },
};

const MESSAGES = {
  "subject.raised": {
    de: "CareSuite: {severity} – {subject} – {device}",
    en: "CareSuite: {severity} – {subject} – {device}",
    fr: "CareSuite : {severity} – {subject} – {device}",
    it: "CareSuite: {severity} – {subject} – {device}",
  },
  "subject.reminder": {
    de: "CareSuite: Erinnerung {severity} – {subject} – {device}",
    en: "CareSuite: reminder {severity} – {subject} – {device}",
    fr: "CareSuite : rappel {severity} – {subject} – {device}",
    it: "CareSuite: promemoria {severity} – {subject} – {device}",
  },
  "intro.raised": {
    de: "Ein Vorfall wurde gemeldet.",
    en: "An incident was raised.",
    fr: "Un incident a été signalé.",
    it: "È stato segnalato un incidente.",
  },
  "intro.reminder": {
    de: "Der Vorfall ist seit {hours} Stunden zugewiesen und noch offen.",
    en: "The incident has been assigned for {hours} hours and is still open.",
    fr: "L'incident est attribué depuis {hours} heures et toujours ouvert.",
    it: "L'incidente è assegnato da {hours} ore ed è ancora aperto.",
  },
  body: {
    de: "Guten Tag {user}\n\n{intro}\n\nArt: {subject}\nSchweregrad: {severity}\nGerät: {device}\nSystem: {system}\nSeit: {since}\n\nVorfall öffnen: {link}\n\nDiese Nachricht wurde automatisch von CareSuite versendet. Welche Vorfälle Sie per E-Mail erhalten, stellen Sie unter Analyse › Vorfälle › Benachrichtigungen ein.",
    en: "Hello {user}\n\n{intro}\n\nSubject: {subject}\nSeverity: {severity}\nDevice: {device}\nSystem: {system}\nSince: {since}\n\nOpen the incident: {link}\n\nThis message was sent automatically by CareSuite. Choose which incidents you receive by e-mail under Analytics › Incidents › Notifications.",
    fr: "Bonjour {user}\n\n{intro}\n\nType : {subject}\nGravité : {severity}\nAppareil : {device}\nSystème : {system}\nDepuis : {since}\n\nOuvrir l'incident : {link}\n\nCe message a été envoyé automatiquement par CareSuite. Choisissez les incidents que vous recevez par e-mail sous Analyse › Incidents › Notifications.",
    it: "Buongiorno {user}\n\n{intro}\n\nTipo: {subject}\nGravità: {severity}\nDispositivo: {device}\nSistema: {system}\nDal: {since}\n\nApri l'incidente: {link}\n\nQuesto messaggio è stato inviato automaticamente da CareSuite. Scelga quali incidenti ricevere per e-mail in Analisi › Incidenti › Notifiche.",
  },
} as const satisfies Record<string, Record<Locale, string>>;

const CHECKPOINT: Record<Locale, string> = { de: "Kontrollpunkt", en: "Checkpoint", fr: "Point de contrôle", it: "Punto di controllo" };

/** A checkpoint's Defect names the checkpoint where a device's path would stand: "Kontrollpunkt 7 (Lift Ost)". */
export function checkpointLabel(locale: Locale, number: number, text: string | null): string {
  return `${CHECKPOINT[locale]} ${number}${text ? ` (${text})` : ""}`;
}

const fill = (template: string, data: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(data[name] ?? `{${name}}`));

export interface IncidentMailFacts {
  kind: IncidentNotificationKind;
  subject: IncidentSubject;
  severity: IncidentSeverity;
  device: string;
  system: string;
  user: string;
  /** Formatted in the system's time zone. */
  since: string;
  link: string;
  pauseHours: number;
}

export function incidentMail(locale: Locale, facts: IncidentMailFacts): { subject: string; text: string } {
  const words = {
    subject: SUBJECTS[facts.subject][locale],
    severity: SEVERITIES[facts.severity][locale],
    device: facts.device,
  };
  const intro = fill(MESSAGES[`intro.${facts.kind}`][locale], { hours: facts.pauseHours });
  return {
    subject: fill(MESSAGES[`subject.${facts.kind}`][locale], words),
    text: fill(MESSAGES.body[locale], { ...words, intro, system: facts.system, user: facts.user, since: facts.since, link: facts.link }),
  };
}
