import type { Locale } from "@caresuite/domain";

/**
 * Messages the server itself words (REST login errors, validation messages). The web client has
 * its own catalogue for everything it shows; these are for API clients and the fallback text.
 */
const MESSAGES = {
  // One answer for an unknown user and a wrong password (docs/decisions/008-sign-in.md).
  "login.invalid_credentials": {
    de: "Benutzername oder Passwort ist falsch.",
    en: "Wrong username or password.",
    fr: "Nom d'utilisateur ou mot de passe incorrect.",
    it: "Nome utente o password errati.",
  },
  "login.throttled": {
    de: "Zu viele fehlgeschlagene Anmeldungen. Bitte in {seconds} Sekunden erneut versuchen.",
    en: "Too many failed sign-ins. Please try again in {seconds} seconds.",
    fr: "Trop d'échecs de connexion. Veuillez réessayer dans {seconds} secondes.",
    it: "Troppi accessi non riusciti. Riprovare tra {seconds} secondi.",
  },
  "login.invalid_input": {
    de: "Benutzername und Passwort werden benötigt.",
    en: "Username and password are required.",
    fr: "Le nom d'utilisateur et le mot de passe sont requis.",
    it: "Nome utente e password sono obbligatori.",
  },
  "login.ldap_unknown_user": {
    de: "Der Benutzer ist im Verzeichnis (LDAP) unbekannt.",
    en: "The user is unknown in the directory (LDAP).",
    fr: "L'utilisateur est inconnu dans l'annuaire (LDAP).",
    it: "L'utente è sconosciuto nella directory (LDAP).",
  },
  "login.ldap_wrong_password": {
    de: "Falsches Passwort für das Verzeichnis (LDAP).",
    en: "Wrong password for the directory (LDAP).",
    fr: "Mot de passe incorrect pour l'annuaire (LDAP).",
    it: "Password errata per la directory (LDAP).",
  },
  "login.ldap_server_unreachable": {
    de: "Der Verzeichnisserver (LDAP) ist nicht erreichbar.",
    en: "The directory server (LDAP) cannot be reached.",
    fr: "Le serveur d'annuaire (LDAP) est injoignable.",
    it: "Il server di directory (LDAP) non è raggiungibile.",
  },
  "login.ldap_too_many_users": {
    de: "Im Verzeichnis (LDAP) wurden mehrere Benutzer mit diesem Namen gefunden.",
    en: "Several users with this name were found in the directory (LDAP).",
    fr: "Plusieurs utilisateurs portant ce nom ont été trouvés dans l'annuaire (LDAP).",
    it: "Nella directory (LDAP) sono stati trovati più utenti con questo nome.",
  },
  "login.ldap_no_matching_role": {
    de: "Keine Ihrer Verzeichnisgruppen (LDAP) ist einer Rolle zugeordnet.",
    en: "None of your directory groups (LDAP) is mapped to a role.",
    fr: "Aucun de vos groupes d'annuaire (LDAP) n'est associé à un rôle.",
    it: "Nessuno dei propri gruppi di directory (LDAP) è associato a un ruolo.",
  },
  "login.general": {
    de: "Die Anmeldung ist fehlgeschlagen.",
    en: "Sign-in failed.",
    fr: "La connexion a échoué.",
    it: "Accesso non riuscito.",
  },
  "setup.already_done": {
    de: "Die Einrichtung ist bereits abgeschlossen.",
    en: "Setup is already done.",
    fr: "La configuration est déjà terminée.",
    it: "La configurazione è già stata completata.",
  },
  "validation.required": {
    de: "{field} wird benötigt.",
    en: "{field} is needed.",
    fr: "{field} est requis.",
    it: "{field} è obbligatorio.",
  },
  "validation.invalid": {
    de: "Ungültiger Wert.",
    en: "Invalid value.",
    fr: "Valeur invalide.",
    it: "Valore non valido.",
  },
  "validation.exceeds_own_permissions": {
    de: "Gibt mehr Rechte, als Sie selbst haben: {value}.",
    en: "Gives more rights than you hold yourself: {value}.",
    fr: "Donne plus de droits que vous n'en avez vous-même : {value}.",
    it: "Concede più diritti di quelli che si possiedono: {value}.",
  },
  "validation.exceeds_own_systems": {
    de: "Nur Systeme, auf die Sie selbst Zugriff haben; ohne Auswahl wären es alle Systeme.",
    en: "Only systems you have access to yourself; no selection would mean all systems.",
    fr: "Uniquement des systèmes auxquels vous avez vous-même accès ; sans sélection, ce seraient tous les systèmes.",
    it: "Solo sistemi a cui si ha accesso; senza selezione sarebbero tutti i sistemi.",
  },
  "validation.upload_too_big": {
    de: "Die Datei ist zu gross (höchstens {max}).",
    en: "The file is too big (at most {max}).",
    fr: "Le fichier est trop volumineux ({max} au maximum).",
    it: "Il file è troppo grande (al massimo {max}).",
  },
  "validation.upload_unprocessable": {
    de: "Die Datei konnte nicht verarbeitet werden.",
    en: "The file could not be processed.",
    fr: "Le fichier n'a pas pu être traité.",
    it: "Non è stato possibile elaborare il file.",
  },
  "validation.upload_file_name": {
    de: "Der Dateiname darf nur Buchstaben, Ziffern, Punkt und Bindestrich enthalten.",
    en: "The file name may contain only letters, digits, dots and hyphens.",
    fr: "Le nom du fichier ne peut contenir que des lettres, des chiffres, des points et des tirets.",
    it: "Il nome del file può contenere solo lettere, cifre, punti e trattini.",
  },
  "validation.control_characters": {
    de: "Steuerzeichen und unsichtbare Richtungszeichen sind nicht erlaubt.",
    en: "Control characters and invisible direction marks are not allowed.",
    fr: "Les caractères de contrôle et les marques de direction invisibles ne sont pas autorisés.",
    it: "I caratteri di controllo e i segni di direzione invisibili non sono ammessi.",
  },
  "validation.list_too_long": {
    de: "Höchstens {size} Einträge.",
    en: "At most {size} entries.",
    fr: "{size} entrées au maximum.",
    it: "Al massimo {size} voci.",
  },
  "validation.password_only_spaces": {
    de: "Das Passwort darf nicht nur aus Leerzeichen bestehen.",
    en: "The password may not consist of spaces only.",
    fr: "Le mot de passe ne peut pas être composé uniquement d'espaces.",
    it: "La password non può essere composta solo da spazi.",
  },
  "validation.password_same_as_username": {
    de: "Das Passwort darf nicht dem Benutzernamen entsprechen.",
    en: "The password may not be the same as the username.",
    fr: "Le mot de passe ne peut pas être identique au nom d'utilisateur.",
    it: "La password non può essere uguale al nome utente.",
  },
  "validation.password_common": {
    de: "Dieses Passwort ist zu verbreitet. Bitte ein anderes wählen.",
    en: "This password is too common. Please choose another one.",
    fr: "Ce mot de passe est trop courant. Veuillez en choisir un autre.",
    it: "Questa password è troppo comune. Sceglierne un'altra.",
  },
  "validation.wrong_current_password": {
    de: "Das aktuelle Passwort ist falsch.",
    en: "The current password is wrong.",
    fr: "Le mot de passe actuel est incorrect.",
    it: "La password attuale è errata.",
  },
  "validation.too_many_attempts": {
    de: "Zu viele Fehlversuche. Bitte in {seconds} Sekunden erneut versuchen.",
    en: "Too many failed attempts. Please try again in {seconds} seconds.",
    fr: "Trop de tentatives échouées. Veuillez réessayer dans {seconds} secondes.",
    it: "Troppi tentativi non riusciti. Riprovare tra {seconds} secondi.",
  },
  // Update packages (modules/updates; docs/decisions/043-signed-updates.md).
  "updates.not_a_package": {
    de: "Die Datei ist kein CareSuite-Updatepaket.",
    en: "The file is not a CareSuite update package.",
    fr: "Le fichier n'est pas un paquet de mise à jour CareSuite.",
    it: "Il file non è un pacchetto di aggiornamento CareSuite.",
  },
  "updates.unsigned": {
    de: "Das Updatepaket ist nicht signiert und wird nicht installiert.",
    en: "The update package is not signed and will not be installed.",
    fr: "Le paquet de mise à jour n'est pas signé et ne sera pas installé.",
    it: "Il pacchetto di aggiornamento non è firmato e non verrà installato.",
  },
  "updates.bad_signature": {
    de: "Die Signatur des Updatepakets ist ungültig (verändert oder von einem fremden Schlüssel).",
    en: "The update package's signature is invalid (altered, or signed with another key).",
    fr: "La signature du paquet de mise à jour n'est pas valide (modifié ou signé par une autre clé).",
    it: "La firma del pacchetto di aggiornamento non è valida (alterato o firmato con un'altra chiave).",
  },
  "updates.bad_manifest": {
    de: "Die Beschreibung (Manifest) des Updatepakets ist ungültig.",
    en: "The update package's manifest is invalid.",
    fr: "Le manifeste du paquet de mise à jour n'est pas valide.",
    it: "Il manifesto del pacchetto di aggiornamento non è valido.",
  },
  "updates.payload_mismatch": {
    de: "Der Inhalt des Updatepakets passt nicht zu seiner Signatur (verändert oder beschädigt).",
    en: "The update package's content does not match its signature (altered or damaged).",
    fr: "Le contenu du paquet de mise à jour ne correspond pas à sa signature (modifié ou endommagé).",
    it: "Il contenuto del pacchetto di aggiornamento non corrisponde alla firma (alterato o danneggiato).",
  },
  "updates.too_big": {
    de: "Das Updatepaket ist zu groß (höchstens {max}).",
    en: "The update package is too big (at most {max}).",
    fr: "Le paquet de mise à jour est trop volumineux ({max} au maximum).",
    it: "Il pacchetto di aggiornamento è troppo grande (al massimo {max}).",
  },
  "updates.same_version": {
    de: "Version {version} läuft bereits.",
    en: "Version {version} is already running.",
    fr: "La version {version} est déjà en service.",
    it: "La versione {version} è già in esecuzione.",
  },
  "updates.in_progress": {
    de: "Ein Update wird gerade installiert.",
    en: "An update is being installed.",
    fr: "Une mise à jour est en cours d'installation.",
    it: "È in corso l'installazione di un aggiornamento.",
  },
  "updates.nothing_available": {
    de: "Es ist kein Update zum Installieren hochgeladen.",
    en: "No update has been uploaded to install.",
    fr: "Aucune mise à jour n'a été téléversée pour l'installation.",
    it: "Nessun aggiornamento è stato caricato per l'installazione.",
  },
  "updates.no_supervisor": {
    de: "Der Server läuft ohne Überwachungsprozess und kann sich nicht selbst neu starten (siehe Betriebsanleitung).",
    en: "The server runs without its supervisor and cannot restart itself (see the deployment guide).",
    fr: "Le serveur fonctionne sans son superviseur et ne peut pas redémarrer seul (voir le guide de déploiement).",
    it: "Il server è in esecuzione senza supervisore e non può riavviarsi da solo (vedere la guida all'installazione).",
  },
  "updates.unpack_failed": {
    de: "Das Updatepaket konnte nicht entpackt werden.",
    en: "The update package could not be unpacked.",
    fr: "Le paquet de mise à jour n'a pas pu être décompressé.",
    it: "Non è stato possibile decomprimere il pacchetto di aggiornamento.",
  },
  "updates.untrusted_key": {
    de: "Updates sind gesperrt: Im Produktivbetrieb wird der Entwicklungsschlüssel nicht akzeptiert.",
    en: "Updates are locked: production does not accept the development key.",
    fr: "Les mises à jour sont bloquées : la production n'accepte pas la clé de développement.",
    it: "Gli aggiornamenti sono bloccati: in produzione la chiave di sviluppo non è accettata.",
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** The message in the requested language with `{placeholders}` filled in. */
export function translate(key: MessageKey, locale: Locale, data: Record<string, unknown> = {}): string {
  const template: string = MESSAGES[key][locale];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(data[name] ?? `{${name}}`));
}
