// libtiles checked mode: an Oclgrind plugin that reports reads of tile_static (__local) memory
// that nothing stored, at the read's own line. Oclgrind's own checker reports such a value only
// where it is used later (stored, or deciding a branch), and crashes on some kernels compiled
// without optimization, which checked mode needs so that reads of never-stored flags survive.
// Built against liboclgrind-dev and embedded in libtiles, which hands it to Oclgrind.
#include <oclgrind/Context.h>
#include <oclgrind/Memory.h>
#include <oclgrind/Plugin.h>
#include <oclgrind/WorkGroup.h>
#include <oclgrind/WorkItem.h>

#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

using oclgrind::Context;
using oclgrind::Memory;
using oclgrind::WorkGroup;
using oclgrind::WorkItem;

// A read of bytes nothing had stored, held until the work-group's next barrier, when it is
// known whether it is a missing initialization or the knock-on of a race.
struct pending_read {
    std::size_t address, size;
    std::unique_ptr<Context::Message> message; // composed at the read, where it names the line
};

// A byte some work-item read before anything stored it, within the current barrier interval.
struct watched_byte {
    std::unordered_set<const WorkItem*> readers;
    // Stored since by a work-item that had not read it first: had that work-item run before the
    // reader, as it may without a barrier between them, the read would have found its value.
    bool stored_by_another = false;
};

// What one work-group's tile_static memory has held since the group began.
struct group_state {
    std::unordered_set<std::size_t> stored; // bytes
    std::unordered_map<std::size_t, watched_byte> watched;
    std::vector<pending_read> pending;
};

class uninitialized_reads final : public oclgrind::Plugin {
  public:
    explicit uninitialized_reads(const Context* context) : Plugin(context) {}

    void workGroupBegin(const WorkGroup* group) override {
        std::lock_guard<std::mutex> lock(mutex_);
        groups_[group] = group_state();
    }
    void workGroupBarrier(const WorkGroup* group, uint32_t) override { settle(group, false); }
    void workGroupComplete(const WorkGroup* group) override { settle(group, true); }

    void memoryLoad(const Memory* memory, const WorkItem* item, size_t address, size_t size) override {
        if (memory->getAddressSpace() == oclgrind::AddrSpaceLocal) read(item, address, size);
    }
    void memoryAtomicLoad(const Memory* memory, const WorkItem* item, oclgrind::AtomicOp, size_t address,
                          size_t size) override {
        if (memory->getAddressSpace() == oclgrind::AddrSpaceLocal) read(item, address, size);
    }
    void memoryStore(const Memory* memory, const WorkItem* item, size_t address, size_t size, const uint8_t*) override {
        if (memory->getAddressSpace() == oclgrind::AddrSpaceLocal) store(item->getWorkGroup(), item, address, size);
    }
    void memoryAtomicStore(const Memory* memory, const WorkItem* item, oclgrind::AtomicOp, size_t address,
                           size_t size) override {
        if (memory->getAddressSpace() == oclgrind::AddrSpaceLocal) store(item->getWorkGroup(), item, address, size);
    }
    // A copy into tile_static memory by the whole group (async_work_group_copy).
    void memoryStore(const Memory* memory, const WorkGroup* group, size_t address, size_t size,
                     const uint8_t*) override {
        if (memory->getAddressSpace() == oclgrind::AddrSpaceLocal) store(group, nullptr, address, size);
    }

  private:
    void read(const WorkItem* item, std::size_t address, std::size_t size) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            group_state& group = groups_[item->getWorkGroup()];
            bool unstored = false;
            for (std::size_t b = address; b < address + size; ++b) {
                if (group.stored.count(b) == 0) {
                    group.watched[b].readers.insert(item);
                    unstored = true;
                } else if (const auto watched = group.watched.find(b); watched != group.watched.end()) {
                    watched->second.readers.insert(item);
                }
            }
            if (!unstored) return;
        }
        // The message is composed now, while the simulator's current place is the read.
        auto message = std::make_unique<Context::Message>(oclgrind::ERROR, m_context);
        *message << "Uninitialized value read from local memory address 0x" << std::hex << address << std::dec
                 << std::endl
                 << Context::Message::INDENT << "Kernel: " << Context::Message::CURRENT_KERNEL << std::endl
                 << "Entity: " << Context::Message::CURRENT_ENTITY << std::endl
                 << Context::Message::CURRENT_LOCATION << std::endl;
        std::lock_guard<std::mutex> lock(mutex_);
        groups_[item->getWorkGroup()].pending.push_back({address, size, std::move(message)});
    }

    void store(const WorkGroup* work_group, const WorkItem* item, std::size_t address, std::size_t size) {
        std::lock_guard<std::mutex> lock(mutex_);
        group_state& group = groups_[work_group];
        for (std::size_t b = address; b < address + size; ++b) {
            group.stored.insert(b);
            const auto watched = group.watched.find(b);
            if (watched != group.watched.end() && watched->second.readers.count(item) == 0)
                watched->second.stored_by_another = true;
        }
    }

    // At a barrier (or the group's end), the reads of the interval just closed are reported,
    // except those of bytes another work-item stored in it without reading them first: those are
    // the race the race detector reports (a barrier is missing), not missing initializations.
    void settle(const WorkGroup* work_group, bool complete) {
        std::vector<pending_read> reads;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            group_state& group = groups_[work_group];
            for (pending_read& r : group.pending) {
                bool raced = false;
                for (std::size_t b = r.address; b < r.address + r.size; ++b) {
                    const auto watched = group.watched.find(b);
                    raced = raced || (watched != group.watched.end() && watched->second.stored_by_another);
                }
                if (!raced) reads.push_back(std::move(r));
            }
            group.pending.clear();
            group.watched.clear();
            if (complete) groups_.erase(work_group);
        }
        for (const pending_read& r : reads) r.message->send();
    }

    std::mutex mutex_; // Oclgrind runs work-groups on several threads
    std::unordered_map<const WorkGroup*, group_state> groups_;
};

// One plugin per Oclgrind context. Oclgrind unloads this library when its last context goes, and
// loads it anew for the next.
std::mutex plugins_mutex;
std::map<Context*, std::unique_ptr<uninitialized_reads>> plugins;

} // namespace

// Oclgrind's entry points for a plugin library (OCLGRIND_PLUGINS), called as each of its
// contexts is made and destroyed.
extern "C" __attribute__((visibility("default"))) void initializePlugins(Context* context) {
    auto plugin = std::make_unique<uninitialized_reads>(context);
    context->registerPlugin(plugin.get());
    std::lock_guard<std::mutex> lock(plugins_mutex);
    plugins[context] = std::move(plugin);
}

extern "C" __attribute__((visibility("default"))) void releasePlugins(Context* context) {
    std::lock_guard<std::mutex> lock(plugins_mutex);
    const auto found = plugins.find(context);
    if (found == plugins.end()) return;
    context->unregisterPlugin(found->second.get());
    plugins.erase(found);
}
