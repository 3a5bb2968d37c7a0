import type { Locale } from "@caresuite/domain";

/**
 * The words of report e-mails and their CSV, in the recipient's language (German is the
 * fallback, spec data §3.1 "Language: DE, EN, FR, IT (German is the fallback)").
 */
const REPORT_MESSAGES = {
  "report.subject.daily": {
    de: "Tagesbericht «{filter}» vom {period}",
    en: "Daily report “{filter}” for {period}",
    fr: "Rapport journalier « {filter} » du {period}",
    it: "Rapporto giornaliero «{filter}» del {period}",
  },
  "report.subject.weekly": {
    de: "Wochenbericht «{filter}» {period}",
    en: "Weekly report “{filter}” {period}",
    fr: "Rapport hebdomadaire « {filter} » {period}",
    it: "Rapporto settimanale «{filter}» {period}",
  },
  "report.subject.monthly": {
    de: "Monatsbericht «{filter}» {period}",
    en: "Monthly report “{filter}” {period}",
    fr: "Rapport mensuel « {filter} » {period}",
    it: "Rapporto mensile «{filter}» {period}",
  },
  "report.body": {
    de: "Guten Tag {user}\n\nIm Anhang finden Sie die Rufe des gespeicherten Filters «{filter}» im Zeitraum {period} (Zeitzone {timezone}): {count} Rufe.{note}\n\nDiese Nachricht wurde automatisch von CareSuite ({system}) versendet. Das Abonnement ändern Sie im Rufprotokoll unter «Filter».",
    en: "Hello {user}\n\nAttached are the calls of the saved filter “{filter}” for {period} (time zone {timezone}): {count} calls.{note}\n\nThis message was sent automatically by CareSuite ({system}). Change the subscription in the call log under “Filters”.",
    fr: "Bonjour {user}\n\nVous trouverez en pièce jointe les appels du filtre enregistré « {filter} » pour la période {period} (fuseau horaire {timezone}) : {count} appels.{note}\n\nCe message a été envoyé automatiquement par CareSuite ({system}). Modifiez l'abonnement dans le journal des appels sous « Filtres ».",
    it: "Buongiorno {user}\n\nIn allegato trova le chiamate del filtro salvato «{filter}» nel periodo {period} (fuso orario {timezone}): {count} chiamate.{note}\n\nQuesto messaggio è stato inviato automaticamente da CareSuite ({system}). Modifichi l'abbonamento nel registro chiamate alla voce «Filtri».",
  },
  "report.truncated": {
    de: "\n\nMehr Rufe passen zum Filter, als ein Bericht enthält: der Anhang ist auf die ersten {max} Rufe gekürzt. Den ganzen Zeitraum exportieren Sie im Rufprotokoll.",
    en: "\n\nMore calls match the filter than a report holds: the attachment is cut to the first {max} calls. Export the whole period from the call log.",
    fr: "\n\nPlus d'appels correspondent au filtre qu'un rapport n'en contient : la pièce jointe est limitée aux {max} premiers appels. Exportez toute la période depuis le journal des appels.",
    it: "\n\nAl filtro corrispondono più chiamate di quante ne contenga un rapporto: l'allegato è limitato alle prime {max} chiamate. Esporti l'intero periodo dal registro chiamate.",
  },
  "report.file": { de: "rufe", en: "calls", fr: "appels", it: "chiamate" },
  "csv.opened_at": { de: "Geöffnet", en: "Opened", fr: "Ouvert", it: "Aperta" },
  "csv.closed_at": { de: "Geschlossen", en: "Closed", fr: "Fermé", it: "Chiusa" },
  "csv.duration": { de: "Dauer (s)", en: "Duration (s)", fr: "Durée (s)", it: "Durata (s)" },
  "csv.call_type": { de: "Rufart", en: "Call type", fr: "Type d'appel", it: "Tipo di chiamata" },
  "csv.section": { de: "Abteilung", en: "Section", fr: "Section", it: "Sezione" },
  "csv.device": { de: "Gerät", en: "Device", fr: "Appareil", it: "Dispositivo" },
  "csv.call_source": { de: "Rufquelle", en: "Call source", fr: "Source d'appel", it: "Sorgente di chiamata" },
  "csv.handled_by": { de: "Bearbeitet von (App)", en: "Handled by (app)", fr: "Traité par (app)", it: "Gestita da (app)" },
  "csv.closed_by": { de: "Manuell geschlossen von", en: "Closed manually by", fr: "Fermé manuellement par", it: "Chiusa manualmente da" },
  "export.title": { de: "Rufprotokoll", en: "Call log", fr: "Journal des appels", it: "Registro chiamate" },
  "export.period": {
    de: "Zeitraum: {from} – {to} ({timezone})",
    en: "Period: {from} – {to} ({timezone})",
    fr: "Période : {from} – {to} ({timezone})",
    it: "Periodo: {from} – {to} ({timezone})",
  },
  "export.since_beginning": { de: "seit Beginn", en: "since the beginning", fr: "depuis le début", it: "dall'inizio" },
  "export.now": { de: "jetzt", en: "now", fr: "maintenant", it: "adesso" },
  "export.filter": { de: "Filter: {filter}", en: "Filter: {filter}", fr: "Filtre : {filter}", it: "Filtro: {filter}" },
  "export.no_filter": { de: "keiner", en: "none", fr: "aucun", it: "nessuno" },
  "export.rows": {
    de: "{count} Rufe, erstellt {created}",
    en: "{count} calls, created {created}",
    fr: "{count} appels, créé le {created}",
    it: "{count} chiamate, creato il {created}",
  },
  "export.page": { de: "Seite {page} von {pages}", en: "Page {page} of {pages}", fr: "Page {page} sur {pages}", it: "Pagina {page} di {pages}" },
  "test.subject": {
    de: "CareSuite: Test-E-Mail",
    en: "CareSuite: test e-mail",
    fr: "CareSuite : e-mail de test",
    it: "CareSuite: e-mail di prova",
  },
  "test.body": {
    de: "Diese Test-E-Mail bestätigt, dass CareSuite über den eingestellten SMTP-Server versenden kann.",
    en: "This test e-mail confirms that CareSuite can send through the configured SMTP server.",
    fr: "Cet e-mail de test confirme que CareSuite peut envoyer via le serveur SMTP configuré.",
    it: "Questa e-mail di prova conferma che CareSuite può inviare tramite il server SMTP configurato.",
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ReportMessageKey = keyof typeof REPORT_MESSAGES;

export function translateReport(key: ReportMessageKey, locale: Locale, data: Record<string, unknown> = {}): string {
  const template: string = REPORT_MESSAGES[key][locale];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(data[name] ?? `{${name}}`));
}
