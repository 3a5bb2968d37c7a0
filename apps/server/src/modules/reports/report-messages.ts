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
  "tree.file": { de: "systembaum", en: "system-tree", fr: "arborescence", it: "albero-sistema" },
  "tree.title": { de: "Systembaum", en: "System tree", fr: "Arborescence du système", it: "Albero del sistema" },
  "tree.system": { de: "System: {system}", en: "System: {system}", fr: "Système : {system}", it: "Sistema: {system}" },
  "tree.scope": {
    de: "Die Elemente, die {user} sehen darf, in der Reihenfolge des Baums.",
    en: "The elements {user} may see, in tree order.",
    fr: "Les éléments que {user} peut voir, dans l'ordre de l'arborescence.",
    it: "Gli elementi che {user} può vedere, nell'ordine dell'albero.",
  },
  "tree.rows": {
    de: "{count} Elemente, erstellt {created}",
    en: "{count} elements, created {created}",
    fr: "{count} éléments, créé le {created}",
    it: "{count} elementi, creato il {created}",
  },
  "tree.col.path": { de: "Pfad", en: "Path", fr: "Chemin", it: "Percorso" },
  "tree.col.kind": { de: "Art", en: "Kind", fr: "Type", it: "Tipo" },
  "tree.col.name": { de: "Name", en: "Name", fr: "Nom", it: "Nome" },
  "tree.col.text_long": { de: "Text lang", en: "Long text", fr: "Texte long", it: "Testo lungo" },
  "tree.col.text_short": { de: "Text kurz", en: "Short text", fr: "Texte court", it: "Testo breve" },
  "tree.col.number": { de: "Nummer", en: "Number", fr: "Numéro", it: "Numero" },
  "tree.col.section": { de: "Abteilung", en: "Section", fr: "Section", it: "Sezione" },
  "tree.col.battery": { de: "Batterie (%)", en: "Battery (%)", fr: "Batterie (%)", it: "Batteria (%)" },
  "tree.col.reachability": { de: "Erreichbarkeit", en: "Reachability", fr: "Joignabilité", it: "Raggiungibilità" },
  "tree.reachable": { de: "erreichbar", en: "reachable", fr: "joignable", it: "raggiungibile" },
  "tree.unreachable": { de: "nicht erreichbar", en: "not reachable", fr: "injoignable", it: "non raggiungibile" },
  "tree.unreachable_since": {
    de: "nicht erreichbar, zuletzt erreichbar am {since}",
    en: "not reachable, last reachable {since}",
    fr: "injoignable, dernière fois joignable le {since}",
    it: "non raggiungibile, ultima volta raggiungibile il {since}",
  },
  "tree.kind.building": { de: "Gebäude", en: "Building", fr: "Bâtiment", it: "Edificio" },
  "tree.kind.floor": { de: "Etage", en: "Floor", fr: "Étage", it: "Piano" },
  "tree.kind.room": { de: "Zimmer", en: "Room", fr: "Chambre", it: "Camera" },
  "tree.kind.device": { de: "Gerät", en: "Device", fr: "Appareil", it: "Dispositivo" },
  "tree.kind.person": { de: "Person", en: "Person", fr: "Personne", it: "Persona" },
  "tree.kind.group": { de: "Gruppierung", en: "Grouping", fr: "Regroupement", it: "Raggruppamento" },
  "tree.kind.tech": { de: "Technisches Gerät", en: "Technical device", fr: "Appareil technique", it: "Dispositivo tecnico" },
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
