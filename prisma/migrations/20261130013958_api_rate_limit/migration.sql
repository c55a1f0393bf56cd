-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL,
    "expire" DATETIME
);
