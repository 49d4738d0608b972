import { type Kysely, sql } from 'kysely';

/**
 * Invoices: the documents of an order (the service fee invoice, a reimbursement voucher per train ticket,
 * the electronic itinerary per flight ticket) as requested for a title, their e-invoice numbers and PDFs,
 * and the red-letter invoices that reverse them; the titles a user keeps; and the simulated national
 * e-invoice service's own register, which our tables never read.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sub_order_id', 'uuid', (c) => c.references('sub_orders.id').onDelete('cascade'))
    .addColumn('traveller_position', 'integer')
    .addColumn('traveller_name', 'text')
    .addColumn('service', 'text')
    .addColumn('title_kind', 'text', (c) => c.notNull())
    .addColumn('title_name', 'text', (c) => c.notNull())
    .addColumn('credit_code', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_minor', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('number', 'text')
    .addColumn('issued_at', 'timestamptz')
    .addColumn('pdf', 'bytea')
    .addColumn('red_number', 'text')
    .addColumn('red_issued_at', 'timestamptz')
    .addColumn('red_pdf', 'bytea')
    .addColumn('red_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('invoices_kind', sql`kind in ('serviceFee', 'railVoucher', 'airItinerary')`)
    .addCheckConstraint('invoices_status', sql`status in ('issuing', 'issued', 'reversing', 'reversed')`)
    .addCheckConstraint('invoices_title', sql`title_kind = 'personal' or credit_code is not null`)
    .addCheckConstraint('invoices_amounts', sql`amount_minor >= 0 and tax_minor >= 0 and tax_minor <= amount_minor`)
    .execute();
  // One document of each kind per ticket (or per order, for the service fee).
  await sql`create unique index invoices_one_per_ticket on invoices (order_id, kind, sub_order_id, traveller_position) nulls not distinct`.execute(
    db,
  );
  await db.schema.createIndex('invoices_user').on('invoices').columns(['user_id', 'created_at']).execute();
  await sql`alter table invoices alter column pdf set storage external`.execute(db);
  await sql`alter table invoices alter column red_pdf set storage external`.execute(db);

  await db.schema
    .createTable('invoice_titles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('credit_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('invoice_titles_kind', sql`kind in ('personal', 'company')`)
    .execute();
  await sql`create unique index invoice_titles_one on invoice_titles (user_id, kind, name, credit_code) nulls not distinct`.execute(
    db,
  );

  // The simulated national e-invoice service's register: what it issued, keyed by the caller's request.
  await db.schema
    .createTable('sim_einvoices')
    .addColumn('request_key', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('original_number', 'text')
    .addColumn('seller_code', 'text', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_code', 'text')
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_minor', 'integer', (c) => c.notNull())
    .addColumn('document', 'jsonb', (c) => c.notNull())
    .addColumn('pdf', 'bytea', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index sim_einvoices_one_red on sim_einvoices (original_number) where colour = 'red'`.execute(
    db,
  );
  await sql`create sequence sim_einvoice_serial`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop sequence if exists sim_einvoice_serial`.execute(db);
  await db.schema.dropTable('sim_einvoices').ifExists().execute();
  await db.schema.dropTable('invoice_titles').ifExists().execute();
  await db.schema.dropTable('invoices').ifExists().execute();
}
