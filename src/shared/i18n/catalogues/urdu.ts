import colors from './ur/colors';
import delivery from './ur/delivery';
import errors from './ur/errors';
import head from './ur/head';
import orderStatus from './ur/order-status';
import site from './ur/site';
import whatsapp from './ur/whatsapp';

/** Every shared Urdu catalogue, as one set of messages (the server loads it at start, Urdu pages with their chunk). */
export const SHARED_URDU = { ...colors, ...delivery, ...errors, ...head, ...orderStatus, ...site, ...whatsapp };
