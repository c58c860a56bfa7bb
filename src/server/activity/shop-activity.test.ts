import { describe, expect, it } from 'vitest';
import { dayIn } from '../../shared/cash';
import { createOrder, createProduct, createShop, createStaff, createUser } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';

// Issue 49: the shop actions that move money or stock or touch a buyer are in the activity log, once
// each, in their own transaction, naming the person who did it (the owner, or a staff member: issue 51)
// and the fields before and after: order status changes, cash received and its undo, the block list,
// coupons. Never a buyer's whole number.

const coupon = (code: string, value = '10') => ({ code, type: 'percent' as const, value, minOrder: '', startsOn: '', endsOn: '', maxUses: '', oncePerBuyer: false, isActive: true });

describe("a shop's actions in the activity log", () => {
  it('records each once, as the owner, with before and after', async () => {
    const env = createTestEnv();
    const owner = await createUser(env, { roles: ['shopkeeper'], fullName: 'Owner Omar' });
    const shop = await createShop(env, { owner });
    const product = await createProduct(env, shop, { stock: 10 });
    const order = await createOrder(env, product, { shipping: { phone: '+92 300 1234567' } });
    const me = env.as(owner);

    await me.shopOrders.changeStatus({ orderId: order.id, status: 'confirmed' });
    await me.shopOrders.changeStatus({ orderId: order.id, status: 'shipped', shipment: { courier: 'TCS', trackingNumber: '' } });
    await me.shopOrders.changeStatus({ orderId: order.id, status: 'delivered' });
    await me.shopOrders.markCashReceived({ orderIds: [order.id], receivedOn: dayIn(env.clock.now, 'Asia/Karachi'), reference: 'SLIP-9' });
    await me.shopOrders.undoCashReceived({ orderId: order.id });
    const { phoneKey } = await me.shopOrders.blockPhone({ orderId: order.id });
    await me.shopOrders.unblockPhone({ phoneKey });
    const { id: couponId } = await me.coupons.create({ coupon: coupon('EID10') });
    await me.coupons.update({ id: couponId, coupon: coupon('EID10', '15') });
    await me.coupons.update({ id: couponId, coupon: coupon('EID10', '15') }); // nothing changes: nothing logged
    await me.coupons.delete({ id: couponId });

    const rows = await env.db.selectFrom('activity_log').selectAll().orderBy('id').execute();
    expect(rows.every((r) => r.actor_user_id === owner && r.actor_name === 'Owner Omar' && r.actor_role === 'owner' && r.shop_id === shop.id)).toBe(true);
    expect(rows.map((r) => [r.action, r.subject_label, JSON.parse(r.changes) as unknown])).toEqual([
      ['order.status_changed', order.orderNumber, { status: ['pending', 'confirmed'] }],
      ['order.status_changed', order.orderNumber, { status: ['confirmed', 'shipped'], courier: [null, 'TCS'] }],
      ['order.status_changed', order.orderNumber, { status: ['shipped', 'delivered'] }],
      ['cash.received', order.orderNumber, { cash_received_on: [null, dayIn(env.clock.now, 'Asia/Karachi')], reference: [null, 'SLIP-9'] }],
      ['cash.undone', order.orderNumber, { cash_received_on: [dayIn(env.clock.now, 'Asia/Karachi'), null] }],
      ['blocked_number.added', '…4567', { blocked: [false, true], order: [null, order.id] }],
      ['blocked_number.removed', '…4567', { blocked: [true, false] }],
      ['coupon.created', 'EID10', expect.objectContaining({ code: [null, 'EID10'] })],
      ['coupon.updated', 'EID10', expect.objectContaining({ value: [10, 15] })],
      ['coupon.deleted', 'EID10', {}],
    ]);
    // The buyer's number is never kept whole.
    expect(JSON.stringify(rows)).not.toContain('1234567');
  });

  it("names the staff member who did it, as Staff, on the admin's log (issue 51)", async () => {
    const env = createTestEnv();
    const admin = await createUser(env, { roles: ['admin'] });
    const shop = await createShop(env);
    const helper = await createStaff(env, shop, { role: 'orders', fullName: 'Ali Helper' });
    const product = await createProduct(env, shop, { stock: 10 });
    const order = await createOrder(env, product, { shipping: { phone: '+92 300 7654321' } });
    const last = (await env.db.selectFrom('activity_log').select((eb) => eb.fn.max('id').as('last')).executeTakeFirst())?.last ?? 0;

    await env.as(helper).shopOrders.changeStatus({ orderId: order.id, status: 'confirmed' });
    await env.as(helper).shopOrders.changeStatus({ orderId: order.id, status: 'shipped', shipment: { courier: 'Leopards', trackingNumber: '' } });
    await env.as(helper).shopOrders.blockPhone({ orderId: order.id });

    const rows = await env.db.selectFrom('activity_log').selectAll().where('id', '>', Number(last)).orderBy('id').execute();
    expect(rows.map((r) => [r.action, r.actor_user_id, r.actor_name, r.actor_role, r.shop_id])).toEqual([
      ['order.status_changed', helper, 'Ali Helper', 'staff', shop.id],
      ['order.status_changed', helper, 'Ali Helper', 'staff', shop.id],
      ['blocked_number.added', helper, 'Ali Helper', 'staff', shop.id],
    ]);
    // The admin's /admin/activity reads them as the helper's, in the role Staff.
    const { items } = await env.as(admin).activity.list({ kind: 'order' });
    expect(items.map((e) => [e.actor.name, e.actor.role, e.subject.label])).toEqual([
      ['Ali Helper', 'staff', order.orderNumber],
      ['Ali Helper', 'staff', order.orderNumber],
    ]);
  });
});
