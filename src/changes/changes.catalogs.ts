import type { ModuleCatalogs } from '../i18n/catalogs';

const url = {
  fr: 'L’URL à laquelle les livraisons sont envoyées en POST (https)',
  de: 'Die URL, an die Zustellungen per POST gesendet werden (https)',
  es: 'La URL a la que se envían las entregas por POST (https)',
  it: 'L’URL a cui le consegne sono inviate in POST (https)',
};
const events = {
  fr: 'Les types de changement à livrer : type.action (event.created, venue.trashed, …), type.* ou *',
  de: 'Die zuzustellenden Änderungsarten: typ.aktion (event.created, venue.trashed, …), typ.* oder *',
  es: 'Los tipos de cambio que se entregan: tipo.acción (event.created, venue.trashed, …), tipo.* o *',
  it: 'I tipi di modifica da consegnare: tipo.azione (event.created, venue.trashed, …), tipo.* o *',
};
const secret = {
  fr: 'La clé de la signature HMAC-SHA256 des livraisons (16 à 255 caractères ASCII visibles ; générée si absente)',
  de: 'Der Schlüssel der HMAC-SHA256-Signatur der Zustellungen (16–255 sichtbare ASCII-Zeichen; erzeugt, wenn er fehlt)',
  es: 'La clave de la firma HMAC-SHA256 de las entregas (16–255 caracteres ASCII visibles; se genera si falta)',
  it: 'La chiave della firma HMAC-SHA256 delle consegne (16–255 caratteri ASCII visibili; generata se assente)',
};
const active = {
  fr: 'Si les changements sont livrés ; réactiver un webhook désactivé reprend ses livraisons',
  de: 'Ob Änderungen zugestellt werden; ein deaktivierter Webhook nimmt seine Zustellungen wieder auf, wenn er aktiviert wird',
  es: 'Si se entregan los cambios; reactivar un webhook desactivado reanuda sus entregas',
  it: 'Se le modifiche vengono consegnate; riattivare un webhook disattivato ne riprende le consegne',
};

type Language = 'fr' | 'de' | 'es' | 'it';
const LANGUAGES: Language[] = ['fr', 'de', 'es', 'it'];

/** The same texts under the keys of both webhook argument classes. */
const webhookArgs = (language: Language) =>
  Object.fromEntries(
    ['WebhookCreateArgs', 'WebhookUpdateArgs'].flatMap((cls) =>
      Object.entries({ url, events, secret, active }).map(([name, text]) => [`${cls}.${name}`, text[language]]),
    ),
  );

const OWN: Record<Language, Record<string, string>> = {
  fr: {
    'ChangeFeedArgs.after': 'Renvoyer les changements après ce curseur (0 : depuis le début du journal)',
    'ChangeFeedArgs.per_page': 'Le nombre maximal de changements lus dans le journal',
    'DeliveryLogArgs.before': 'Renvoyer les livraisons des changements avant ce curseur (les plus récentes d’abord)',
    'DeliveryLogArgs.per_page': 'Le nombre maximal de livraisons renvoyées',
  },
  de: {
    'ChangeFeedArgs.after': 'Die Änderungen nach diesem Cursor liefern (0: ab dem Anfang des Protokolls)',
    'ChangeFeedArgs.per_page': 'Höchstzahl der aus dem Protokoll gelesenen Änderungen',
    'DeliveryLogArgs.before': 'Die Zustellungen der Änderungen vor diesem Cursor liefern (neueste zuerst)',
    'DeliveryLogArgs.per_page': 'Höchstzahl der gelieferten Zustellungen',
  },
  es: {
    'ChangeFeedArgs.after': 'Devolver los cambios posteriores a este cursor (0: desde el inicio del registro)',
    'ChangeFeedArgs.per_page': 'El número máximo de cambios que se leen del registro',
    'DeliveryLogArgs.before': 'Devolver las entregas de los cambios anteriores a este cursor (las más recientes primero)',
    'DeliveryLogArgs.per_page': 'El número máximo de entregas que se devuelven',
  },
  it: {
    'ChangeFeedArgs.after': 'Restituire le modifiche successive a questo cursore (0: dall’inizio del registro)',
    'ChangeFeedArgs.per_page': 'Il numero massimo di modifiche lette dal registro',
    'DeliveryLogArgs.before': 'Restituire le consegne delle modifiche precedenti a questo cursore (le più recenti prima)',
    'DeliveryLogArgs.per_page': 'Il numero massimo di consegne restituite',
  },
};

/** Translations of the change feed's and the webhooks' argument descriptions. */
export const CHANGES_CATALOGS: ModuleCatalogs = Object.fromEntries(LANGUAGES.map((l) => [l, { ...OWN[l], ...webhookArgs(l) }]));
