-- A claim of relayed Updates is a lease, not a delete (bot/store/postgres/relay.py): the owner marks the
-- rows it takes with leased_until and deletes them once its listeners took them, so an owner killed
-- between its claim and its post leaves them for the next owner of the shard, which claims them again
-- once the lease ran out. NULL: not claimed yet.
ALTER TABLE relay ADD COLUMN leased_until TIMESTAMPTZ;
