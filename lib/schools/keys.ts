// A school table's row by id (issue 45): its primary key is (schoolId, id), so a lookup names both.

/** `where` for one row of a school table: `findUnique({ where: idKey(school.id, id) })`. */
export const idKey = (schoolId: number, id: number) => ({ schoolId_id: { schoolId, id } });
